import { DATA_SOURCE_LIMITS, DATA_SOURCE_MESSAGES, type LootImportPreview } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Upload } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { errorMessage } from '../../../../api/api-error';
import type { TransferProgress } from '../../../../api/client';
import { type LootUpload, type SourcesScope, useApplyLootImport, usePreviewLootImport } from '../../../../api/data-sources';
import { DataTable } from '../../../../ui/data-table';
import { formatCount } from '../../../../ui/format';
import { formatDateTime } from '../../../../ui/format-date';
import { ProgressBar } from '../../../../ui/progress-bar';

type PreviewItem = LootImportPreview['items'][number];

const COLUMNS: ColumnDef<PreviewItem>[] = [
  { id: 'line', header: 'Line', meta: { className: 'table__number' }, cell: ({ row }) => row.original.line },
  { id: 'player', header: 'Player', meta: { cellClassName: 'table__strong' }, cell: ({ row }) => row.original.player },
  { id: 'item', header: 'Item', cell: ({ row }) => row.original.item },
  { id: 'boss', header: 'Boss', cell: ({ row }) => row.original.boss ?? '—' },
  { id: 'response', header: 'Response', cell: ({ row }) => row.original.response ?? '—' },
  {
    id: 'awardedAt',
    header: 'Awarded',
    cell: ({ row }) => (row.original.awardedAt ? formatDateTime(row.original.awardedAt) : '—'),
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: item } }) =>
      item.status === 'rejected' ? `Rejected: ${item.reason}` : item.status === 'new' ? 'New' : 'Unchanged',
  },
];

/** While an export goes up, how much of it has gone; once the server has it all, what it is doing with it. */
function UploadStatus({ progress, afterUpload }: { progress: TransferProgress | null; afterUpload: string | null }) {
  if (progress && progress.total !== null && progress.received < progress.total) {
    return (
      <ProgressBar label="Uploading the export" received={progress.received} total={progress.total} testId="loot-import-upload" />
    );
  }
  return afterUpload ? <p role="status">{afterUpload}</p> : null;
}

/** An RCLootCouncil export: chosen, previewed (new, unchanged, rejected lines, class conflicts), then applied. */
export function LootImportPanel({ scope }: { scope: SourcesScope }) {
  const inputId = useId();
  const [upload, setUpload] = useState<LootUpload | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = usePreviewLootImport(scope);
  const apply = useApplyLootImport(scope);
  const result = preview.data;

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    preview.reset();
    setUpload(null);
    setFileError(null);
    if (!file) return;
    if (file.size > DATA_SOURCE_LIMITS.importMaxBytes) {
      setFileError(DATA_SOURCE_MESSAGES.fileTooLarge);
      return;
    }
    setUpload(file);
    preview.mutate(file);
  };

  const handleApply = () => {
    if (upload) apply.mutate(upload, { onSuccess: () => preview.mutate(upload) });
  };

  return (
    <section className="panel" aria-labelledby="loot-import-title" data-testid="loot-import">
      <h3 id="loot-import-title" className="panel__title">
        RCLootCouncil loot history
      </h3>
      <p className="data-tab__lead">
        In the game, open RCLootCouncil&apos;s history, choose Export as CSV or TSV, save the text as a file and choose it here.
        Nothing is written until you apply; importing the same file again adds nothing.
      </p>
      <label htmlFor={inputId} className="button button--secondary">
        <Upload size={16} aria-hidden="true" />
        Choose export file
      </label>
      <input
        id={inputId}
        type="file"
        accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
        className="visually-hidden"
        onChange={handleFile}
      />
      {(fileError || preview.error) && (
        <p role="alert" className="field__error" data-testid="loot-import-error">
          {fileError ?? errorMessage(preview.error, 'The file could not be read')}
        </p>
      )}
      {preview.isPending && <UploadStatus progress={preview.uploadProgress} afterUpload="Reading the export…" />}
      {result && upload && (
        <div className="data-tab" data-testid="loot-import-preview">
          <p data-testid="loot-import-counts">
            {upload.name}: {formatCount(result.rows)} lines, {formatCount(result.loot.new)} new loot entries,{' '}
            {formatCount(result.loot.unchanged)} already imported, {formatCount(result.loot.rejected)} rejected;{' '}
            {formatCount(result.characters.new)} new characters.
          </p>
          {result.rejected.length > 0 && (
            <ul className="field__error" data-testid="loot-import-rejected">
              {result.rejected.map((row) => (
                <li key={row.line}>{row.message}</li>
              ))}
            </ul>
          )}
          {result.conflicts.length > 0 && (
            <ul data-testid="loot-import-conflicts">
              {result.conflicts.map((conflict) => (
                <li key={conflict.character}>{conflict.message}</li>
              ))}
            </ul>
          )}
          <DataTable
            columns={COLUMNS}
            rows={result.items}
            getRowId={(item) => String(item.line)}
            label="Export lines"
            testId="loot-import-items"
          />
          {apply.isPending && <UploadStatus progress={apply.uploadProgress} afterUpload={null} />}
          <button
            type="button"
            className="button button--primary"
            onClick={handleApply}
            disabled={apply.isPending || result.rejected.length > 0 || result.loot.new === 0}
          >
            {apply.isPending ? 'Importing…' : `Apply import (${formatCount(result.loot.new)} new)`}
          </button>
        </div>
      )}
    </section>
  );
}
