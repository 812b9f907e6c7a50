import { type GuildExportType, type GuildTenant, guildDataApi } from '@guildhall/contract';
import { useCallback } from 'react';
import { datedFilename } from '../../../api/download-filename';
import { endpointPath } from '../../../api/endpoint';
import type { DownloadRequest } from '../../../api/use-download';
import { fileSlug } from './guild-data-tabs';

/** What an export needs to know of the guild. */
export type GuildExport = Pick<GuildTenant, 'id' | 'guild_name'>;

/** Builds the download of one guild's zip: JSON files or the SQL dump. */
export function useGuildExportRequest(guild: GuildExport) {
  return useCallback(
    (type: GuildExportType): DownloadRequest => ({
      path: endpointPath(guildDataApi.exportData.path, { id: guild.id }),
      query: { type },
      fallbackFilename: datedFilename(`${fileSlug(guild.guild_name)}-${type === 'dump' ? 'dump' : 'data'}`, 'zip'),
    }),
    [guild.id, guild.guild_name],
  );
}
