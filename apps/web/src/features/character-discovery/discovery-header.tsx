import type { characterDiscoveryApi } from '@guildhall/contract';
import { DISCOVERY_MESSAGES, type MemberSyncJob } from '@guildhall/contract';
import { Link2, type LucideIcon, RefreshCw, Unlink2, Users, WandSparkles } from 'lucide-react';
import type { EndpointResponse } from '../../api/endpoint';
import { SyncStatus } from './sync-status';

type Summary = EndpointResponse<typeof characterDiscoveryApi.summary>;

interface DiscoveryHeaderProps {
  summary: Summary | undefined;
  /** The sync in view: one followed live, else the latest from the summary. */
  syncJob: MemberSyncJob | null;
  isStartingSync: boolean;
  onAutoLink: () => void;
  onSync: () => void;
}

function CountTile({
  testId,
  label,
  value,
  icon: Icon,
}: {
  testId: string;
  label: string;
  value: number | undefined;
  icon: LucideIcon;
}) {
  return (
    <div className="count-tile" data-testid={testId}>
      <span className="count-tile__icon" aria-hidden="true">
        <Icon size={18} />
      </span>
      <span className="count-tile__text">
        <span className="count-tile__value">{value === undefined ? '–' : value.toLocaleString()}</span>
        <span className="count-tile__label">{label}</span>
      </span>
    </div>
  );
}

/** Why the guild cannot sync, when it cannot. */
function syncBlocker(summary: Summary | undefined): string | null {
  if (!summary || summary.canSync) return null;
  return summary.guild.discordGuildId ? DISCOVERY_MESSAGES.botTokenMissing : DISCOVERY_MESSAGES.noDiscordServer;
}

/** The screen's header (spec 1 §2): the three counts, Auto-Link and the member sync with its live progress. */
export function DiscoveryHeader({ summary, syncJob, isStartingSync, onAutoLink, onSync }: DiscoveryHeaderProps) {
  const counts = summary?.counts;
  const isSyncing = isStartingSync || syncJob?.status === 'running';
  const blocker = syncBlocker(summary);
  return (
    <section className="discovery-header card" data-testid="discovery-header" aria-label="Discovery summary">
      <div className="discovery-header__row">
        <div className="discovery-counts" data-testid="discovery-counts">
          <CountTile testId="count-members" label="Discord members" value={counts?.members} icon={Users} />
          <CountTile testId="count-unlinked" label="Unlinked characters" value={counts?.unlinkedCharacters} icon={Unlink2} />
          <CountTile testId="count-linked" label="Linked characters" value={counts?.linkedCharacters} icon={Link2} />
        </div>
        <div className="discovery-header__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={onAutoLink}
            disabled={!summary}
            data-testid="auto-link-button"
          >
            <WandSparkles size={16} aria-hidden="true" />
            Auto-Link
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={onSync}
            disabled={!summary || isSyncing || blocker !== null}
            title={blocker ?? undefined}
            data-testid="sync-button"
          >
            <RefreshCw size={16} className={isSyncing ? 'spinner__icon' : undefined} aria-hidden="true" />
            {isSyncing ? 'Syncing...' : 'Sync Discord Members'}
          </button>
        </div>
      </div>
      {blocker && <p className="discovery-header__note">{blocker}</p>}
      {syncJob && <SyncStatus job={syncJob} />}
    </section>
  );
}
