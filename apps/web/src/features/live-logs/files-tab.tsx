import type { LogFile } from '@guildhall/contract';
import { Download } from 'lucide-react';
import { logDownloadPath, useLogFiles } from '../../api/logs';
import { useDownload } from '../../api/use-download';
import { Badge } from '../../ui/badge';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { formatBytes } from '../../ui/format-number';
import { QueryState } from '../../ui/query-state';
import { Spinner } from '../../ui/spinner';
import { TableScroll } from '../../ui/table-scroll';

/** Said when a log file cannot be downloaded and the server gave no reason. */
const DOWNLOAD_FAILED = 'Failed to download the log file';

/** The log files the server wrote, newest as the server lists them, each downloadable. */
export function FilesTab() {
  const files = useLogFiles();
  const download = useDownload(DOWNLOAD_FAILED);

  const start = (file: LogFile) => download.start({ path: logDownloadPath(file.name), fallbackFilename: file.name });
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
        <TableScroll label="Log files" isBusy={files.isFetching}>
          <table className="table" data-testid="log-files">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="table__number">
                  Size
                </th>
                <th scope="col">Modified</th>
                <th scope="col" className="table__actions">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {answer.files.map((file) => {
                const isRunning = download.running?.fallbackFilename === file.name;
                return (
                  <tr key={file.name} data-testid="log-file">
                    <td>
                      <span className="live-logs__file">
                        <code>{file.name}</code>
                        {file.current && <Badge tone="good">Current</Badge>}
                      </span>
                    </td>
                    <td className="table__number">{formatBytes(file.size)}</td>
                    <td>
                      <time dateTime={file.modifiedAt} title={formatRelative(file.modifiedAt)}>
                        {formatDateTime(file.modifiedAt)}
                      </time>
                    </td>
                    <td className="table__actions">
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => start(file)}
                        disabled={download.isRunning}
                        aria-label={`Download ${file.name}`}
                      >
                        {isRunning ? <Spinner size={14} /> : <Download size={14} aria-hidden="true" />}
                        Download
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </QueryState>
  );
}
