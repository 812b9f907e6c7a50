import { exportFileUrl } from '../../api/ml-exports';
import { formatBytes } from '../../ui/format-number';

interface ExportFileListProps {
  files: readonly { type: string; path: string; bytes?: number; rows?: number }[];
}

/** The files of one export, each a download link with its size and rows. */
export function ExportFileList({ files }: ExportFileListProps) {
  return (
    <ul className="mail-list" aria-label="Export files">
      {files.map((file) => {
        const name = file.path.split('/').slice(1).join('/');
        return (
          <li key={file.path} className="mail-row" data-testid="export-file">
            <a href={exportFileUrl(file.path)} download={name.split('/').at(-1)} className="link-button">
              {name}
            </a>{' '}
            <span className="td-muted">
              {file.type}
              {file.rows !== undefined && file.type !== 'dataset-card' && ` · ${file.rows.toLocaleString('en-US')} rows`}
              {file.bytes !== undefined && ` · ${formatBytes(file.bytes)}`}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
