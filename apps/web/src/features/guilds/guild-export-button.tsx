import { guildDataApi, MESSAGES } from '@guildhall/contract';
import { Download } from 'lucide-react';
import { datedFilename } from '../../api/download-filename';
import type { GuildListFilters } from '../../api/guilds';
import { useDownload } from '../../api/use-download';
import { formatBytes } from '../../ui/format-number';
import { exportQuery } from './guild-list-params';

/** Export (CSV): every guild matching the current filters, streamed, with the bytes counted while it arrives. */
export function GuildExportButton({ filters }: { filters: GuildListFilters }) {
  const download = useDownload(MESSAGES.exportDataFailed);

  function handleClick() {
    download.start({
      path: guildDataApi.exportList.path,
      query: exportQuery(filters),
      fallbackFilename: datedFilename('guilds', 'csv'),
    });
  }

  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={handleClick}
      disabled={download.isRunning}
      data-testid="guild-export-csv"
      aria-describedby={download.isRunning ? 'guild-export-progress' : undefined}
    >
      <Download size={16} aria-hidden="true" />
      {download.isRunning ? (
        <span id="guild-export-progress" role="status" data-testid="guild-export-progress">
          Exporting... {formatBytes(download.progress?.received ?? 0)}
        </span>
      ) : (
        'Export (CSV)'
      )}
    </button>
  );
}
