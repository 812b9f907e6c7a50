import { AUDIT_LOG_MESSAGES, type AuditLogFilters, auditLogApi } from '@guildhall/contract';
import { Download } from 'lucide-react';
import { datedFilename } from '../../api/download-filename';
import { useDownload } from '../../api/use-download';
import { formatBytes } from '../../ui/format-number';

interface AuditExportButtonProps {
  filters: AuditLogFilters;
  isDisabled: boolean;
}

/** Export CSV: every record the filters match, streamed, with the bytes counted while it arrives. */
export function AuditExportButton({ filters, isDisabled }: AuditExportButtonProps) {
  const download = useDownload(AUDIT_LOG_MESSAGES.exportFailed);

  function handleClick() {
    download.start({
      path: auditLogApi.exportCsv.path,
      query: { ...filters },
      fallbackFilename: datedFilename('audit-log', 'csv'),
    });
  }

  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={handleClick}
      disabled={isDisabled || download.isRunning}
      data-testid="audit-export"
    >
      <Download size={16} aria-hidden="true" />
      {download.isRunning ? (
        <span role="status" data-testid="audit-export-progress">
          Exporting... {formatBytes(download.progress?.received ?? 0)}
        </span>
      ) : (
        'Export CSV'
      )}
    </button>
  );
}
