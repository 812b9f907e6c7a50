import { type LootSettings, MESSAGES } from '@guildhall/contract';
import { type FormEvent, useState } from 'react';
import { useCharacterLootQuery, useCorrectionMutation, useStandingsQuery } from '../../api/loot';
import { ConfirmModal } from '../../ui/confirm-modal';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { FormError } from '../../ui/form-error';
import { FormField } from '../../ui/form-field';
import { EmptyHint, QueryState } from '../../ui/query-state';
import { TextField } from '../../ui/text-field';
import { changeText, kindLabel } from './loot-amounts';

/**
 * Corrects a standing (loot.manage) with a new ledger entry and its reason, optionally naming the entry it corrects;
 * the history stays as it was. Confirmed before it is written.
 */
export function CorrectionsTab({ guildId, settings }: { guildId: string; settings: LootSettings }) {
  const standings = useStandingsQuery(guildId, 1);
  const correct = useCorrectionMutation(guildId);
  const [characterId, setCharacterId] = useState('');
  const [points, setPoints] = useState('');
  const [ep, setEp] = useState('');
  const [gp, setGp] = useState('');
  const [reason, setReason] = useState('');
  const [correctsEntryId, setCorrectsEntryId] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const history = useCharacterLootQuery(guildId, characterId, 1).data?.loot.history ?? [];
  const errors = fieldErrorsFromError(correct.error);
  const isDkp = settings.ledger === 'dkp';
  const amounts = isDkp ? { points: points || '0', ep: '0', gp: '0' } : { points: '0', ep: ep || '0', gp: gp || '0' };
  const body = { characterId, reason, ...amounts, ...(correctsEntryId ? { correctsEntryId } : {}) };
  const name = standings.data?.standings.find((row) => row.character.id === characterId)?.character.name ?? '';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsConfirming(true);
  }
  function handleConfirm() {
    correct.mutate(body, {
      onSettled: () => setIsConfirming(false),
      onSuccess: () => {
        setPoints('');
        setEp('');
        setGp('');
        setReason('');
        setCorrectsEntryId('');
      },
    });
  }

  if (!settings.ledger) {
    return <EmptyHint title="Nothing to correct">This guild's loot system keeps no points ledger.</EmptyHint>;
  }
  return (
    <QueryState query={standings} loading="Loading characters..." errorText={MESSAGES.requestFailed} testId="corrections">
      {({ standings: rows }) => (
        <section className="panel" aria-labelledby="correction-title">
          <h2 id="correction-title" className="panel__title">
            Correct a standing
          </h2>
          <p className="loot-note">
            A correction is a new ledger entry with its reason: the entries before it stay as they were.
          </p>
          <form className="loot-form" onSubmit={handleSubmit} data-testid="correction-form">
            <FormField label="Character" error={errors.characterId} isRequired>
              {(props) => (
                <select {...props} required value={characterId} onChange={(event) => setCharacterId(event.target.value)}>
                  <option value="" disabled>
                    Choose a character
                  </option>
                  {rows.map((row) => (
                    <option key={row.character.id} value={row.character.id}>
                      {row.character.name} ({isDkp ? `${row.points} DKP` : `priority ${row.priority}`})
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            {isDkp ? (
              <TextField
                label="DKP change"
                error={errors.points}
                hint="Negative takes points away, e.g. -7.5"
                isRequired
                inputMode="decimal"
                value={points}
                onChange={setPoints}
              />
            ) : (
              <>
                <TextField label="EP change" error={errors.ep} inputMode="decimal" value={ep} onChange={setEp} />
                <TextField label="GP change" error={errors.gp} inputMode="decimal" value={gp} onChange={setGp} />
              </>
            )}
            <FormField label="Corrects the entry" error={errors.correctsEntryId}>
              {(props) => (
                <select {...props} value={correctsEntryId} onChange={(event) => setCorrectsEntryId(event.target.value)}>
                  <option value="">No entry in particular</option>
                  {history.map((entry) => (
                    <option key={entry.id} value={entry.id}>
                      {kindLabel(entry.kind)}: {changeText(entry)} · {entry.reason}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <TextField
              label="Reason"
              error={errors.reason}
              isRequired
              required
              maxLength={500}
              value={reason}
              onChange={setReason}
            />
            <FormError error={correct.error} fields={errors} />
            <div className="loot-form__actions">
              <button type="submit" className="button button--primary" disabled={!characterId}>
                Record correction
              </button>
            </div>
          </form>
          <ConfirmModal
            isOpen={isConfirming}
            title="Record this correction?"
            confirmLabel="Record correction"
            busyLabel="Recording..."
            isBusy={correct.isPending}
            onConfirm={handleConfirm}
            onClose={() => setIsConfirming(false)}
            testId="correction-confirm"
          >
            <p>
              {name}: {changeText(amounts)}, because “{reason}”. It is added to the ledger for every member to read and cannot be
              removed.
            </p>
          </ConfirmModal>
        </section>
      )}
    </QueryState>
  );
}
