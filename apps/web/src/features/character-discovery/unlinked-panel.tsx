import { DISCOVERY_MESSAGES, type DiscoveryCharacter, MESSAGES } from '@guildhall/contract';
import { useUnlinkedCharacters } from '../../api/character-discovery';
import { FilterBar } from '../../ui/filter-bar';
import { CharacterCard } from './character-card';
import { characterFilterFields } from './character-filters';
import { DiscoveryPanel } from './discovery-panel';
import type { DiscoveryParams } from './discovery-query';
import '../../styles/character-cards.css';

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
  const filters = { search: params.search ?? '', class: params.class ?? null, role: params.role ?? null };
  const list = useUnlinkedCharacters(guildId, filters);
  const pages = list.data?.pages ?? [];
  const characters = pages.flatMap((page) => page.characters);
  const first = pages[0];
  const isFiltered = Boolean(params.search || params.class || params.role);

  return (
    <DiscoveryPanel
      name="unlinked"
      title="Unlinked characters"
      list={list}
      total={first?.total}
      count={characters.length}
      isFiltered={isFiltered}
      filters={
        <FilterBar
          values={params}
          onChange={(change) => onParamsChange(change)}
          fields={characterFilterFields({ classes: first?.filters.classes ?? [], roles: first?.filters.roles ?? [] })}
          className="discovery-filters"
        />
      }
      loadingLabel="Loading characters..."
      errorTitle={MESSAGES.fetchUnlinkedCharactersFailed}
      emptyText={isFiltered ? 'No unlinked characters match these filters.' : DISCOVERY_MESSAGES.noUnlinkedCharacters}
      listClassName="character-grid"
    >
      {characters.map((character) => (
        <li key={character.id}>
          <CharacterCard character={character} isDragging={draggedId === character.id} {...cardHandlers} />
        </li>
      ))}
    </DiscoveryPanel>
  );
}
