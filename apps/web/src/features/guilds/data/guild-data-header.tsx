import { type GuildTenant, MESSAGES } from '@guildhall/contract';
import { Download, Trash2, X } from 'lucide-react';
import { useDownload } from '../../../api/use-download';
import { Badge } from '../../../ui/badge';
import { ProgressBar } from '../../../ui/progress-bar';
import { useGuildExportRequest } from './guild-export';

interface GuildDataHeaderProps {
  guild: GuildTenant;
  onDelete: () => void;
  onClose: () => void;
}

/** The guild's name and facts with Export All Data (JSON zip, with progress), Delete Guild Data and Close. */
export function GuildDataHeader({ guild, onDelete, onClose }: GuildDataHeaderProps) {
  const download = useDownload(MESSAGES.exportGuildDataFailed);
  const request = useGuildExportRequest(guild);

  return (
    <header className="guild-data__header">
      <div className="page__header">
        <div>
          <p className="page__eyebrow">Guild Data</p>
          <h1 className="page__title">{guild.guild_name}</h1>
          <p className="page__lead guild-data__facts">
            <span>{guild.server}</span>
            <Badge tone="brand">{guild.region}</Badge>
            <span>{guild.faction}</span>
            <Badge tone={guild.is_active ? 'good' : 'neutral'} dot="static">
              {guild.is_active ? 'Active' : 'Inactive'}
            </Badge>
            <span className="guild-cell__id">{guild.id}</span>
          </p>
        </div>
        <div className="page__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => download.start(request('json'))}
            disabled={download.isRunning}
          >
            <Download size={16} aria-hidden="true" />
            {download.isRunning ? 'Exporting...' : 'Export All Data'}
          </button>
          <button type="button" className="button button--danger-outline" onClick={onDelete}>
            <Trash2 size={16} aria-hidden="true" />
            Delete Guild Data
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            <X size={16} aria-hidden="true" />
            Close
          </button>
        </div>
      </div>
      {download.isRunning && download.progress && (
        <ProgressBar label="Exporting all data" {...download.progress} testId="guild-export-all-progress" />
      )}
    </header>
  );
}
