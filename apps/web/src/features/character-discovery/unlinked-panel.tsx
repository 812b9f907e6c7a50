import { DISCOVERY_MESSAGES, type DiscoveryCharacter, MESSAGES } from '@guildhall/contract';
import { errorMessage } from '../../api/api-error';
import { useUnlinkedCharacters } from '../../api/character-discovery';
import { Badge } from '../../ui/badge';
import { Spinner } from '../../ui/spinner';
import { CharacterCard } from './character-card';
import { CharacterFilters } from './character-filters';
import type { DiscoveryParams } from './discovery-params';
import { useLoadErrorToast } from './use-load-error-toast';

interface UnlinkedPanelProps {
  guildId: string;
  params: DiscoveryParams;
  onParamsChange: (change: Partial<DiscoveryParams>) => void;
  draggedId: string | null;
  onDragStart: (character: DiscoveryCharacter) => void;
  onDragEnd: () => void;
  onLinkRequest: (character: DiscoveryCharacter) => void;
}

/** The left panel: the guild's unlinked characters, filtered on the server, as draggable cards. */
export function UnlinkedPanel({ guildId, params, onParamsChange, draggedId, ...cardHandlers }: UnlinkedPanelProps) {
  const filters = { search: params.search, class: params.class, role: params.role };
  const list = useUnlinkedCharacters(guildId, filters);
  useLoadErrorToast(list.error, MESSAGES.fetchUnlinkedCharactersFailed);
  const pages = list.data?.pages ?? [];
  const characters = pages.flatMap((page) => page.characters);
  const first = pages[0];
  const isFiltered = Boolean(params.search || params.class || params.role);

  return (
    <section className="discovery-panel" aria-labelledby="unlinked-title" data-testid="unlinked-panel">
      <header className="discovery-panel__header">
        <h2 id="unlinked-title" className="discovery-panel__title">
          Unlinked characters
        </h2>
        {first && (
          <Badge tone="neutral">{isFiltered ? `${first.total.toLocaleString()} shown` : first.total.toLocaleString()}</Badge>
        )}
      </header>
      <CharacterFilters
        search={params.search}
        characterClass={params.class}
        role={params.role}
        classes={first?.filters.classes ?? []}
        roles={first?.filters.roles ?? []}
        onSearch={(search) => onParamsChange({ search })}
        onClassChange={(value) => onParamsChange({ class: value })}
        onRoleChange={(value) => onParamsChange({ role: value })}
      />
      <div className="discovery-panel__body" aria-busy={list.isFetching}>
        {list.isPending && (
          <div className="table-empty">
            <Spinner label="Loading characters..." />
          </div>
        )}
        {list.isError && !list.data && (
          <div className="table-empty" role="alert">
            <p className="discovery-error__title">{MESSAGES.fetchUnlinkedCharactersFailed}</p>
            <p>{errorMessage(list.error, MESSAGES.fetchUnlinkedCharactersFailed)}</p>
            <button type="button" className="button button--secondary" onClick={() => void list.refetch()}>
              Retry
            </button>
          </div>
        )}
        {list.isSuccess && characters.length === 0 && (
          <p className="table-empty" data-testid="unlinked-empty">
            {isFiltered ? 'No unlinked characters match these filters.' : DISCOVERY_MESSAGES.noUnlinkedCharacters}
          </p>
        )}
        <ul className="character-grid">
          {characters.map((character) => (
            <li key={character.id}>
              <CharacterCard character={character} isDragging={draggedId === character.id} {...cardHandlers} />
            </li>
          ))}
        </ul>
        {list.hasNextPage && (
          <button
            type="button"
            className="button button--secondary button--block"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage
              ? 'Loading...'
              : `Show more (${characters.length.toLocaleString()} of ${(first?.total ?? 0).toLocaleString()})`}
          </button>
        )}
      </div>
    </section>
  );
}
