import {
  BENCH_WINDOW_WEEKS,
  COMPOSITION_MESSAGES,
  COMPOSITION_SLOT_LABELS,
  COMPOSITION_SLOTS,
  type CompositionSlot,
  RAID_ROLE_LABELS,
  type RaidComposition,
  type RaidDetail,
  type RaidSignup,
  ROLE_SEAT,
} from '@guildhall/contract';
import { type DragEvent, useState } from 'react';
import { usePlaceMemberMutation } from '../../api/raid-page';
import { FormError } from '../../ui/form-error';
import { AnswerBadge } from './answer-badge';
import { CompositionPublication } from './composition-publication';

type Column = CompositionSlot | 'waitlist';
const COLUMNS: readonly Column[] = ['waitlist', ...COMPOSITION_SLOTS];

interface CompositionBoardProps {
  guildId: string;
  raid: RaidDetail;
  composition: RaidComposition;
  canManage: boolean;
}

/** "Tanks 1/2": a role's placed members against its planned seats; the waitlist and bench just count. */
function columnTitle(column: Column, count: number, raid: RaidDetail): string {
  const label = COMPOSITION_SLOT_LABELS[column];
  if (column === 'waitlist' || column === 'bench') return `${label} (${count})`;
  return `${label} ${count}/${raid.seats[ROLE_SEAT[column]]}`;
}

/**
 * The composition board: every answer in a column (waitlist, a role's seats, bench). Officers move a member by dragging
 * the card to a column or with the card's Place menu (the keyboard's way); each move is saved at once against the
 * board's version, and reaches every open board live. Members see the board once it is published.
 */
export function CompositionBoard({ guildId, raid, composition, canManage }: CompositionBoardProps) {
  const place = usePlaceMemberMutation(guildId, raid.id);
  const [dropTarget, setDropTarget] = useState<Column | null>(null);
  const isEditable = canManage && !composition.isPublished && !raid.cancelledAt;
  const slotOf = new Map(composition.placements.map((p) => [p.userId, p.slot as Column]));
  const columnOf = (signup: RaidSignup): Column => slotOf.get(signup.userId) ?? 'waitlist';

  function move(userId: string, column: Column) {
    if ((slotOf.get(userId) ?? 'waitlist') === column) return;
    place.mutate({ userId, version: composition.version, slot: column === 'waitlist' ? null : column });
  }

  function handleDrop(event: DragEvent<HTMLElement>, column: Column) {
    event.preventDefault();
    setDropTarget(null);
    const userId = event.dataTransfer.getData('text/plain');
    if (userId) move(userId, column);
  }

  if (!canManage && !composition.isPublished) {
    return <p className="composition__note">{COMPOSITION_MESSAGES.notPublished}</p>;
  }
  return (
    <div className="composition">
      <CompositionPublication guildId={guildId} raid={raid} composition={composition} canManage={canManage} />
      <FormError error={place.error} />
      <div className="composition__columns" data-testid="composition-board">
        {COLUMNS.map((column) => {
          const members = raid.signups.filter((signup) => columnOf(signup) === column);
          return (
            <section
              key={column}
              className={`composition__column${dropTarget === column ? ' composition__column--target' : ''}`}
              aria-label={COMPOSITION_SLOT_LABELS[column]}
              data-testid={`composition-${column}`}
              onDragOver={
                isEditable
                  ? (event) => {
                      event.preventDefault();
                      setDropTarget(column);
                    }
                  : undefined
              }
              onDragLeave={() => setDropTarget(null)}
              onDrop={isEditable ? (event) => handleDrop(event, column) : undefined}
            >
              <h3 className="composition__title">{columnTitle(column, members.length, raid)}</h3>
              <ul className="composition__list">
                {members.map((signup) => (
                  <li
                    key={signup.userId}
                    className="composition__member"
                    draggable={isEditable}
                    onDragStart={(event) => event.dataTransfer.setData('text/plain', signup.userId)}
                    data-testid="composition-member"
                  >
                    <span className="composition__name">{signup.character?.name ?? signup.name}</span>
                    <span className="composition__meta">
                      {[signup.character && signup.name, signup.character?.class, signup.role && RAID_ROLE_LABELS[signup.role]]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                    <span className="composition__meta">
                      <AnswerBadge answer={signup} />{' '}
                      <span title={`Benched in the last ${BENCH_WINDOW_WEEKS} weeks`}>
                        benched {composition.benchCounts[signup.userId] ?? 0}× in {BENCH_WINDOW_WEEKS} wk
                      </span>
                    </span>
                    {isEditable && (
                      <select
                        className="composition__place"
                        aria-label={`Place ${signup.name}`}
                        value={column}
                        disabled={place.isPending}
                        onChange={(event) => move(signup.userId, event.target.value as Column)}
                      >
                        {COLUMNS.map((option) => (
                          <option
                            key={option}
                            value={option}
                            disabled={signup.status === 'absent' && option !== 'waitlist' && option !== 'bench'}
                          >
                            {COMPOSITION_SLOT_LABELS[option]}
                          </option>
                        ))}
                      </select>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </div>
  );
}
