import { useState } from 'react';
import { Badge } from '../../ui/badge';
import { EmptyHint } from '../../ui/query-state';
import { SectionPanel } from '../../ui/section-panel';
import { BatchBar } from './batch-bar';
import type { SampleCharacter, SampleChatUser } from './linking-types';
import { TestCharacterCard } from './test-character-card';
import '../../styles/linking-test.css';

interface CharacterListProps {
  /** The unlinked characters that pass the filters, in order. */
  characters: readonly SampleCharacter[];
  /** All unlinked characters. */
  total: number;
  users: readonly SampleChatUser[];
  onLink: (characterIds: string[], userId: string) => void;
}

/** The unlinked sample characters with select mode (a drag carries the selection) and batch mode. */
export function CharacterList({ characters, total, users, onLink }: CharacterListProps) {
  const [isSelectMode, setIsSelectMode] = useState(false);
  const [isBatchMode, setIsBatchMode] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [targetUserId, setTargetUserId] = useState('');
  // Linked or filtered-out characters leave the selection: an action applies to what is on screen.
  const visibleSelected = characters.filter((character) => selected.has(character.id)).map((character) => character.id);

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  function setSelectMode(isOn: boolean) {
    setIsSelectMode(isOn);
    if (!isOn) {
      setIsBatchMode(false);
      setSelected(new Set());
    }
  }

  function setBatchMode(isOn: boolean) {
    setIsBatchMode(isOn);
    if (isOn) setIsSelectMode(true);
  }

  function linkSelected() {
    if (visibleSelected.length === 0 || !targetUserId) return;
    onLink(visibleSelected, targetUserId);
    setSelected(new Set());
  }

  return (
    <SectionPanel
      titleId="test-characters-title"
      title="Unlinked characters"
      aside={
        <>
          <Badge tone="neutral" data-testid="test-visible-count">
            {characters.length === total ? total : `${characters.length} of ${total}`}
          </Badge>
          <div className="linking-test__modes">
            <button
              type="button"
              className="toggle-button"
              aria-pressed={isSelectMode}
              onClick={() => setSelectMode(!isSelectMode)}
            >
              Select mode
            </button>
            <button type="button" className="toggle-button" aria-pressed={isBatchMode} onClick={() => setBatchMode(!isBatchMode)}>
              Batch mode
            </button>
          </div>
        </>
      }
    >
      {isBatchMode && (
        <BatchBar
          selectedCount={visibleSelected.length}
          visibleCount={characters.length}
          users={users}
          targetUserId={targetUserId}
          onTargetChange={setTargetUserId}
          onSelectAll={() => setSelected(new Set(characters.map((character) => character.id)))}
          onClear={() => setSelected(new Set())}
          onLink={linkSelected}
        />
      )}
      {isSelectMode && !isBatchMode && (
        <p className="muted">Tick characters, then drag any ticked card onto a user to link them all.</p>
      )}
      {characters.length === 0 ? (
        <EmptyHint testId="test-characters-empty">
          {total === 0 ? 'Every character is linked. Reset Data to start again.' : 'No characters match these filters.'}
        </EmptyHint>
      ) : (
        <ul className="test-card-grid">
          {characters.map((character) => (
            <li key={character.id}>
              <TestCharacterCard
                character={character}
                isSelectMode={isSelectMode}
                isSelected={selected.has(character.id)}
                onToggleSelected={toggle}
                dragIds={() => (isSelectMode && selected.has(character.id) ? visibleSelected : [character.id])}
              />
            </li>
          ))}
        </ul>
      )}
    </SectionPanel>
  );
}
