import { confirmUnlinkText, LINKING_TEST_TIMINGS } from '@guildhall/contract';
import { ArrowLeft, FlaskConical, RotateCcw } from 'lucide-react';
import { useCallback, useMemo, useReducer, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { ConfirmModal } from '../../ui/confirm-modal';
import { FilterSelect } from '../../ui/filter-select';
import { SectionPanel } from '../../ui/section-panel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useUrlQuery } from '../../ui/use-url-query';
import { CharacterList } from './character-list';
import { type CharacterQuery, characterQuerySchema, filterOptions, queryCharacters } from './character-query';
import { unlinkedCharacters } from './linking-data';
import type { SampleChatUser, SampleLinkedCharacter } from './linking-types';
import { OperationLog } from './operation-log';
import { initialLinkingTestState, linkingTestReducer } from './operations';
import { ProgressModal } from './progress-modal';
import { SAMPLE_SETS, type SampleSet } from './sample-data';
import { TestFilters } from './test-filters';
import { TestUserZone } from './test-user-zone';
import { useOperationRunner } from './use-operation-runner';
import '../../styles/linking-test.css';

const seconds = (ms: number) => `${ms / 1000} s`;

/** Which sample names the page holds, kept in the URL beside the filters (`?set=cross-script`). */
const sampleSetSchema = z.object({ set: z.enum(SAMPLE_SETS).default('latin') });
const SAMPLE_SET_OPTIONS: readonly { value: SampleSet; label: string }[] = [
  { value: 'latin', label: 'Latin names' },
  { value: 'cross-script', label: 'Cross-script names' },
];

/** The character linking test page (spec 2 §2): sample data, simulated operations, nothing sent to the server. */
export function LinkingTestPage() {
  useDocumentTitle('Character Linking Test Page');
  const sampleSetQuery = useUrlQuery(sampleSetSchema);
  const sampleSet = sampleSetQuery.query.set;
  const [state, dispatch] = useReducer(linkingTestReducer, undefined, () => initialLinkingTestState(new Date(), sampleSet));
  // Every change replaces the history entry: the test page's filters are not steps to go back through.
  const { query, set } = useUrlQuery(characterQuerySchema);
  const update = useCallback((change: Partial<CharacterQuery>) => set(change, { replace: true }), [set]);
  const [unlinking, setUnlinking] = useState<{ character: SampleLinkedCharacter; user: SampleChatUser } | null>(null);
  useOperationRunner(state.rows, dispatch);

  const unlinked = useMemo(() => unlinkedCharacters(state.data), [state.data]);
  const visible = useMemo(() => queryCharacters(unlinked, query), [unlinked, query]);
  const options = useMemo(() => filterOptions(state.data.characters), [state.data.characters]);
  const linkedCount = state.data.users.reduce((sum, user) => sum + user.linkedCharacters.length, 0);
  const failsOnce = state.data.characters.find((character) => character.failLinks === 1)?.name;
  const failsAlways = state.data.characters.find((character) => character.failLinks === 'always')?.name;

  /** Another sample set starts the page afresh on it, as Reset Data does. */
  function chooseSampleSet(next: SampleSet) {
    sampleSetQuery.set({ set: next }, { replace: true });
    dispatch({ type: 'reset', now: new Date(), sampleSet: next });
  }

  function linkCharacters(characterIds: string[], userId: string) {
    dispatch({ type: 'queue', operations: characterIds.map((characterId) => ({ kind: 'link', characterId, userId })) });
  }

  function confirmUnlink() {
    if (!unlinking) return;
    dispatch({ type: 'queue', operations: [{ kind: 'unlink', characterId: unlinking.character.id, userId: unlinking.user.id }] });
    setUnlinking(null);
  }

  return (
    <div className="page linking-test">
      <header className="page__header">
        <div>
          <p className="page__eyebrow">
            <Link to="/admin/character-discovery">
              <ArrowLeft size={14} aria-hidden="true" /> Character Discovery
            </Link>
          </p>
          <h1 className="page__title">Character Linking Test Page</h1>
          <p className="page__lead">Sample data and simulated operations: nothing here reaches the server.</p>
        </div>
        <div className="page__actions">
          <FilterSelect
            label="Sample names"
            value={sampleSet}
            options={SAMPLE_SET_OPTIONS}
            onChange={chooseSampleSet}
            testId="sample-set"
          />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => dispatch({ type: 'reset', now: new Date(), sampleSet })}
            data-testid="reset-data"
          >
            <RotateCcw size={16} aria-hidden="true" />
            Reset Data
          </button>
        </div>
      </header>

      <div className="linking-test__columns">
        <div className="linking-test__main">
          <p className="note note--info linking-test__note">
            <FlaskConical size={16} aria-hidden="true" />
            <span>
              A link takes {seconds(LINKING_TEST_TIMINGS.linkMs)}, an unlink {seconds(LINKING_TEST_TIMINGS.unlinkMs)}, with{' '}
              {seconds(LINKING_TEST_TIMINGS.batchPauseMs)} between batch items. {failsOnce} fails its first link (Retry succeeds),{' '}
              {failsAlways} always fails, and a character without an item level links with a warning.
            </span>
          </p>

          <dl className="linking-test__stats" data-testid="test-counts">
            <div>
              <dt>Unlinked characters</dt>
              <dd data-testid="test-count-unlinked">{unlinked.length}</dd>
            </div>
            <div>
              <dt>Chat users</dt>
              <dd>{state.data.users.length}</dd>
            </div>
            <div>
              <dt>Linked characters</dt>
              <dd data-testid="test-count-linked">{linkedCount}</dd>
            </div>
          </dl>

          <TestFilters query={query} options={options} onChange={update} />
          <CharacterList characters={visible} total={unlinked.length} users={state.data.users} onLink={linkCharacters} />
        </div>
        <div className="linking-test__side">
          <SectionPanel titleId="users-title" title="Discord users">
            <ul className="user-zone-list">
              {state.data.users.map((user) => (
                <li key={user.id}>
                  <TestUserZone
                    user={user}
                    onDropCharacters={(ids, target) => linkCharacters(ids, target.id)}
                    onUnlink={(character, owner) => setUnlinking({ character, user: owner })}
                  />
                </li>
              ))}
            </ul>
          </SectionPanel>
          <OperationLog entries={state.log} />
        </div>
      </div>

      <ProgressModal rows={state.rows} isOpen={state.isModalOpen} dispatch={dispatch} />
      <ConfirmModal
        isOpen={unlinking !== null}
        title="Unlink character"
        confirmLabel="Unlink"
        isDanger
        onConfirm={confirmUnlink}
        onClose={() => setUnlinking(null)}
        testId="test-unlink-confirm"
      >
        {unlinking && <p>{confirmUnlinkText(unlinking.character.name, unlinking.user.displayName)}</p>}
      </ConfirmModal>
    </div>
  );
}
