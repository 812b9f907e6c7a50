import { AUDIT_LOG_MESSAGES, type AuditLogFilters, auditLogApi } from '@guildhall/contract';
import { datedFilename } from '../../api/download-filename';
import { useDownload } from '../../api/use-download';
import { ExportMenu } from '../../ui/export-menu';

interface AuditExportButtonProps {
  filters: AuditLogFilters;
  isDisabled: boolean;
}

/** Export CSV: every record the filters match, streamed, with the bytes counted while it arrives. */
export function AuditExportButton({ filters, isDisabled }: AuditExportButtonProps) {
  const download = useDownload(AUDIT_LOG_MESSAGES.exportFailed);
  return (
    <ExportMenu
      formats={['csv']}
      onExport={() =>
        download.start({
          path: auditLogApi.exportCsv.path,
          query: { ...filters },
          fallbackFilename: datedFilename('audit-log', 'csv'),
        })
      }
      isRunning={download.isRunning}
      received={download.progress?.received}
      isDisabled={isDisabled}
      size="normal"
      testId="audit-export"
    />
  );
}
