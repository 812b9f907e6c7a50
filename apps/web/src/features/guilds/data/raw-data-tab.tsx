import { MESSAGES, RAW_DATA_WARNING } from '@guildhall/contract';
import { Database, FileJson, TriangleAlert } from 'lucide-react';
import { useDownload } from '../../../api/use-download';
import { ProgressBar } from '../../../ui/progress-bar';
import { type GuildExport, useGuildExportRequest } from './guild-export';

const ACTIONS = [
  {
    type: 'dump',
    title: 'Database Dump',
    description: "A SQL file that restores exactly this guild's rows into an empty schema, zipped.",
    icon: Database,
  },
  {
    type: 'json',
    title: 'JSON Export',
    description: 'One JSON file per kind of data (characters, loot, raids, Discord members and links), zipped.',
    icon: FileJson,
  },
] as const;

/** The warning and the two raw exports (spec 1 §2), each with its progress while it downloads. */
export function RawDataTab({ guild }: { guild: GuildExport }) {
  const download = useDownload(MESSAGES.exportDataFailed);
  const request = useGuildExportRequest(guild);
  const runningType = download.running?.query?.type;

  return (
    <div className="data-tab">
      <p className="alert alert--warning" role="note" data-testid="raw-data-warning">
        <TriangleAlert size={18} aria-hidden="true" />
        {RAW_DATA_WARNING}
      </p>
      <div className="export-actions">
        {ACTIONS.map(({ type, title, description, icon: Icon }) => (
          <section key={type} className="panel export-action">
            <span className="export-action__icon" aria-hidden="true">
              <Icon size={22} />
            </span>
            <div className="export-action__body">
              <h3 className="panel__title">{title}</h3>
              <p className="muted">{description}</p>
              {runningType === type && download.progress && (
                <ProgressBar label={`${title} download`} {...download.progress} testId={`raw-${type}-progress`} />
              )}
            </div>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => download.start(request(type))}
              disabled={download.isRunning}
            >
              {runningType === type ? 'Downloading...' : title}
            </button>
          </section>
        ))}
      </div>
    </div>
  );
}
