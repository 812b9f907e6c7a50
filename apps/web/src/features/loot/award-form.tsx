import {
  LOOT_RESPONSE_LABELS,
  LOOT_RESPONSES,
  type LootItem,
  type LootResponse,
  type LootSettings,
  type RaidLoot,
} from '@guildhall/contract';
import { type FormEvent, useState } from 'react';
import { useRecordAwardMutation } from '../../api/loot';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { FormError } from '../../ui/form-error';
import { FormField } from '../../ui/form-field';
import { TextField } from '../../ui/text-field';
import { ItemPicker } from './item-picker';

/** Records an award from the raid (loot.manage): a character who was in it, the item, boss, response and note. */
export function AwardForm({ guildId, loot, settings }: { guildId: string; loot: RaidLoot; settings: LootSettings }) {
  const record = useRecordAwardMutation(guildId);
  const attendees = loot.roster.filter((c) => c.presence !== 'bench');
  const [characterId, setCharacterId] = useState('');
  const [item, setItem] = useState<LootItem | null>(null);
  const [boss, setBoss] = useState('');
  const [response, setResponse] = useState<LootResponse>('upgrade');
  const [note, setNote] = useState('');
  const [bid, setBid] = useState('');
  const isBid = settings.ledger === 'dkp' && settings.rules.dkp.pricing === 'bid';
  const errors = fieldErrorsFromError(record.error);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!item) return;
    record.mutate(
      {
        raidId: loot.raid.id,
        characterId,
        itemId: item.itemId,
        boss: boss || item.boss || '',
        response,
        note,
        ...(isBid ? { bid } : {}),
      },
      {
        onSuccess: () => {
          setItem(null);
          setNote('');
          setBid('');
        },
      },
    );
  }

  return (
    <section className="panel" aria-labelledby="award-title">
      <h2 id="award-title" className="panel__title">
        Record an award
      </h2>
      <form className="loot-form" onSubmit={handleSubmit} data-testid="award-form">
        <FormField label="Character" error={errors.characterId} isRequired>
          {(props) => (
            <select {...props} required value={characterId} onChange={(event) => setCharacterId(event.target.value)}>
              <option value="" disabled>
                Choose who received it
              </option>
              {attendees.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.class})
                </option>
              ))}
            </select>
          )}
        </FormField>
        <ItemPicker
          label="Item"
          selected={item}
          error={errors.itemId}
          testId="award-item"
          onSelect={(chosen) => {
            setItem(chosen);
            if (chosen.boss) setBoss(chosen.boss);
          }}
        />
        <TextField label="Boss" error={errors.boss} isRequired required maxLength={80} value={boss} onChange={setBoss} />
        <FormField label="Response" error={errors.response}>
          {(props) => (
            <select {...props} value={response} onChange={(event) => setResponse(event.target.value as LootResponse)}>
              {LOOT_RESPONSES.map((value) => (
                <option key={value} value={value}>
                  {LOOT_RESPONSE_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {isBid && (
          <TextField label="Winning bid" error={errors.bid} isRequired inputMode="decimal" value={bid} onChange={setBid} />
        )}
        <TextField label="Note members read" error={errors.note} maxLength={200} value={note} onChange={setNote} />
        <FormError error={record.error} fields={errors} />
        <div className="loot-form__actions">
          <button type="submit" className="button button--primary" disabled={record.isPending || !item || !characterId}>
            {record.isPending ? 'Recording...' : 'Record award'}
          </button>
        </div>
      </form>
    </section>
  );
}
