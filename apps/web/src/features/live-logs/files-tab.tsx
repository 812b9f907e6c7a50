import type { LogFile } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Download } from 'lucide-react';
import { logDownloadPath, useLogFiles } from '../../api/logs';
import { useDownload } from '../../api/use-download';
import { Badge } from '../../ui/badge';
import { DataTable } from '../../ui/data-table';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { formatBytes } from '../../ui/format-number';
import { QueryState } from '../../ui/query-state';
import { Spinner } from '../../ui/spinner';

/** Said when a log file cannot be downloaded and the server gave no reason. */
const DOWNLOAD_FAILED = 'Failed to download the log file';

/** The log files the server wrote, newest as the server lists them, each downloadable. */
export function FilesTab() {
  const files = useLogFiles();
  const download = useDownload(DOWNLOAD_FAILED);

  const start = (file: LogFile) => download.start({ path: logDownloadPath(file.name), fallbackFilename: file.name });
  const columns: ColumnDef<LogFile>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: ({ row: { original: file } }) => (
        <span className="live-logs__file">
          <code>{file.name}</code>
          {file.current && <Badge tone="good">Current</Badge>}
        </span>
      ),
    },
    { id: 'size', header: 'Size', meta: { className: 'table__number' }, cell: ({ row }) => formatBytes(row.original.size) },
    {
      id: 'modified',
      header: 'Modified',
      cell: ({ row: { original: file } }) => (
        <time dateTime={file.modifiedAt} title={formatRelative(file.modifiedAt)}>
          {formatDateTime(file.modifiedAt)}
        </time>
      ),
    },
    {
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      meta: { className: 'table__actions' },
      cell: ({ row: { original: file } }) => (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => start(file)}
          disabled={download.isRunning}
          aria-label={`Download ${file.name}`}
        >
          {download.running?.fallbackFilename === file.name ? <Spinner size={14} /> : <Download size={14} aria-hidden="true" />}
          Download
        </button>
      ),
    },
  ];
  return (
    <QueryState
      query={files}
      loading="Loading log files..."
      errorText="Failed to load the log files"
      isEmpty={(answer) => answer.files.length === 0}
      empty="No log files yet: the server writes them as it logs"
      testId="files"
    >
      {(answer) => (
        <DataTable
          columns={columns}
          rows={answer.files}
          getRowId={(file) => file.name}
          label="Log files"
          testId="log-files"
          rowAttributes={() => ({ 'data-testid': 'log-file' })}
          isBusy={files.isFetching}
        />
      )}
    </QueryState>
  );
}
