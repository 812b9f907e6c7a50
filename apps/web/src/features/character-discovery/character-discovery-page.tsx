import type { DiscoveryCharacter, DiscoveryMember } from '@guildhall/contract';
import { FlaskConical } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/api-error';
import { useDiscoverySummary } from '../../api/character-discovery';
import { useSyncMembersMutation } from '../../api/character-discovery-mutations';
import { ConfirmModal } from '../../ui/confirm-modal';
import { GuildPicker } from '../../ui/guild-picker';
import { EmptyHint } from '../../ui/query-state';
import { PageSpinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { type UrlQuery, useUrlQuery } from '../../ui/use-url-query';
import { AutoLinkModal } from './auto-link-modal';
import { DiscoveryHeader } from './discovery-header';
import { type DiscoveryParams, discoveryQuery, switchGuild } from './discovery-query';
import { MemberPickerModal } from './member-picker-modal';
import { MembersPanel } from './members-panel';
import { UnlinkedPanel } from './unlinked-panel';
import { useDefaultGuild } from './use-default-guild';
import { useLinkActions } from './use-link-actions';
import { useMemberSync } from './use-member-sync';
import '../../styles/discovery.css';

/** Path of the character linking test page, a sub-page of this screen. */
export const LINKING_TEST_PATH = '/admin/character-discovery/test';

/** Character Discovery Manager (spec 1 §2), for the guild chosen on the screen (?guildId=). */
export function CharacterDiscoveryPage() {
  useDocumentTitle('Character Discovery');
  const { query: params, set: update } = useUrlQuery(discoveryQuery);
  const selectGuild = useCallback(
    (guildId: string, options: { replace?: boolean } = {}) => update(switchGuild(guildId), options),
    [update],
  );
  const fallback = useDefaultGuild(params.guildId, selectGuild);

  return (
    <div className="page discovery">
      <header className="page__header">
        <div>
          <h1 className="page__title">Character Discovery</h1>
          <p className="page__lead">Link the guild's game characters to its Discord members</p>
        </div>
        <div className="page__actions discovery__top-actions">
          <GuildPickerForParams guildId={params.guildId} onSelect={(id) => selectGuild(id)} />
          <Link className="button button--secondary" to={LINKING_TEST_PATH}>
            <FlaskConical size={16} aria-hidden="true" />
            Linking Test Page
          </Link>
        </div>
      </header>
      {params.guildId ? (
        <DiscoveryWorkspace key={params.guildId} guildId={params.guildId} params={params} onParamsChange={update} />
      ) : fallback.hasNoGuilds ? (
        <EmptyHint className="card">No guilds yet. Create one under Guild Management first.</EmptyHint>
      ) : (
        <PageSpinner label="Loading guilds..." />
      )}
    </div>
  );
}

/** The guild in view, named by the summary the workspace reads anyway. */
function GuildPickerForParams({ guildId, onSelect }: { guildId: string | undefined; onSelect: (id: string) => void }) {
  const summary = useDiscoverySummary(guildId ?? null);
  return (
    <GuildPicker
      guildId={guildId ?? null}
      guildName={summary.data?.guild.name ?? ''}
      onChange={(guild) => guild && onSelect(guild.id)}
      placeholder="Choose a guild"
      variant="toolbar"
      inputTestId="guild-select"
    />
  );
}

interface WorkspaceProps {
  guildId: string;
  params: DiscoveryParams;
  onParamsChange: UrlQuery<typeof discoveryQuery>['set'];
}

/** The header and both panels of one guild; remounted per guild so nothing of the last one lingers. */
function DiscoveryWorkspace({ guildId, params, onParamsChange }: WorkspaceProps) {
  const summary = useDiscoverySummary(guildId);
  const sync = useMemberSync(guildId, summary.data?.latestSync);
  const startSync = useSyncMembersMutation(guildId);
  const actions = useLinkActions(guildId);
  const [dragged, setDragged] = useState<DiscoveryCharacter | null>(null);
  const [picking, setPicking] = useState<DiscoveryCharacter | null>(null);
  const [isAutoLinkOpen, setIsAutoLinkOpen] = useState(false);

  function handleDrop(characterId: string, member: DiscoveryMember) {
    const character = dragged?.id === characterId ? dragged : { id: characterId, name: 'Character' };
    // The card leaves the list at once, and a removed element may never hear its dragend.
    setDragged(null);
    actions.linkTo(character, member);
  }

  function handleSync() {
    startSync.mutate(undefined, { onSuccess: (answer) => sync.follow(answer.jobId) });
  }

  if (summary.isError && !summary.data) {
    return (
      <div className="alert alert--error" role="alert">
        {errorMessage(summary.error, 'Failed to load the guild')}
      </div>
    );
  }

  return (
    <>
      <DiscoveryHeader
        summary={summary.data}
        syncJob={sync.job ?? summary.data?.latestSync ?? null}
        isStartingSync={startSync.isPending}
        onAutoLink={() => setIsAutoLinkOpen(true)}
        onSync={handleSync}
      />
      <div className="discovery__panels">
        <UnlinkedPanel
          guildId={guildId}
          params={params}
          onParamsChange={(change) => onParamsChange(change, { replace: true })}
          draggedId={dragged?.id ?? null}
          onDragStart={setDragged}
          onDragEnd={() => setDragged(null)}
          onLinkRequest={setPicking}
        />
        <MembersPanel
          guildId={guildId}
          search={params.member ?? ''}
          onSearch={(member) => onParamsChange({ member }, { replace: true })}
          expandedIds={actions.expandedIds}
          onToggle={actions.toggle}
          isDragActive={dragged !== null}
          pendingByUser={actions.pendingByUser}
          onDropCharacter={handleDrop}
          onUnlink={actions.askUnlink}
        />
      </div>
      <MemberPickerModal
        guildId={guildId}
        character={picking}
        onClose={() => setPicking(null)}
        onPick={(character, member) => {
          setPicking(null);
          actions.linkTo(character, member);
        }}
      />
      <AutoLinkModal guildId={guildId} isOpen={isAutoLinkOpen} onClose={() => setIsAutoLinkOpen(false)} />
      <ConfirmModal
        isOpen={actions.unlinking !== null}
        title="Unlink character"
        confirmLabel="Unlink"
        busyLabel="Unlinking..."
        isBusy={actions.isUnlinking}
        isDanger
        onConfirm={actions.confirmUnlink}
        onClose={actions.cancelUnlink}
        testId="unlink-confirm"
      >
        {actions.unlinking && (
          <p>
            Unlink <strong>{actions.unlinking.character.name}</strong> from{' '}
            <strong>{actions.unlinking.member.displayName}</strong>? The character goes back to the unlinked list.
          </p>
        )}
      </ConfirmModal>
    </>
  );
}
