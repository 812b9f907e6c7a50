import { type GuildExportType, type GuildTenant, guildDataApi, guildZipFilename } from '@guildhall/contract';
import { useCallback } from 'react';
import { endpointPath } from '../../../api/endpoint';
import type { DownloadRequest } from '../../../api/use-download';

/** What an export needs to know of the guild. */
export type GuildExport = Pick<GuildTenant, 'id' | 'guild_name'>;

/** Builds the download of one guild's zip: JSON files or the SQL dump. */
export function useGuildExportRequest(guild: GuildExport) {
  return useCallback(
    (type: GuildExportType): DownloadRequest => ({
      path: endpointPath(guildDataApi.exportData.path, { id: guild.id }),
      query: { type },
      fallbackFilename: guildZipFilename(guild.guild_name, type),
    }),
    [guild.id, guild.guild_name],
  );
}
