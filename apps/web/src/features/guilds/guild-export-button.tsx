import { guildDataApi, MESSAGES } from '@guildhall/contract';
import { datedFilename } from '../../api/download-filename';
import type { GuildListFilters } from '../../api/guilds';
import { useDownload } from '../../api/use-download';
import { ExportMenu } from '../../ui/export-menu';
import { exportQuery } from './guild-list-params';

/** Export (CSV): every guild matching the current filters, streamed, with the bytes counted while it arrives. */
export function GuildExportButton({ filters }: { filters: GuildListFilters }) {
  const download = useDownload(MESSAGES.exportDataFailed);
  return (
    <ExportMenu
      formats={['csv']}
      labels={{ csv: 'Export (CSV)' }}
      onExport={() =>
        download.start({
          path: guildDataApi.exportList.path,
          query: exportQuery(filters),
          fallbackFilename: datedFilename('guilds', 'csv'),
        })
      }
      isRunning={download.isRunning}
      received={download.progress?.received}
      size="normal"
      testId="guild-export-csv"
    />
  );
}
