import {
  LOOT_SLOT_LABELS,
  LOOT_SLOTS,
  LOOT_SYSTEM_LABELS,
  LOOT_SYSTEMS,
  type LootRules,
  type LootSettings,
  type LootSlot,
  type LootSystem,
} from '@guildhall/contract';
import { type FormEvent, useState } from 'react';
import { useSaveLootSettingsMutation } from '../../api/loot';
import { ConfirmModal } from '../../ui/confirm-modal';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { FormError } from '../../ui/form-error';
import { FormField } from '../../ui/form-field';
import { TextField } from '../../ui/text-field';

/** A datetime-local value ('2026-12-01T20:00') as an ISO instant in the browser's zone, or null when empty. */
const lockInstant = (local: string) => (local ? new Date(local).toISOString() : null);
/** An ISO instant as a datetime-local value in the browser's zone. */
function localOf(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** A number field's text as a number (empty: NaN, which the server refuses with the field's message). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

interface Field {
  label: string;
  value: string;
  error?: string;
  hint?: string;
  isDecimal?: boolean;
  onChange: (value: string) => void;
}

/** A number of the rules, typed as text. */
function NumberField({ label, value, error, hint, isDecimal = true, onChange }: Field) {
  return (
    <TextField
      label={label}
      error={error}
      hint={hint}
      inputMode={isDecimal ? 'decimal' : 'numeric'}
      value={value}
      onChange={onChange}
    />
  );
}

/**
 * The loot settings form (loot.manage): the system and its values (DKP's points and prices, EPGP's EP and GP, decay),
 * the priority board's weighting and the wishlist lock. Saving makes a new version, after a confirmation.
 */
export function SettingsForm({ guildId, settings }: { guildId: string; settings: LootSettings }) {
  const save = useSaveLootSettingsMutation(guildId);
  const [system, setSystem] = useState<LootSystem>(settings.system);
  const [rules, setRules] = useState<LootRules>(settings.rules);
  // Number inputs keep their text while typed; they are read as numbers when sent.
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [lockAt, setLockAt] = useState(localOf(settings.rules.wishlistLockAt));
  const [note, setNote] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const errors = fieldErrorsFromError(save.error);
  const error = (path: string) => errors[`rules.${path}`];

  const dkp = rules.dkp;
  const epgp = rules.epgp;
  const setDkp = (change: Partial<LootRules['dkp']>) => setRules({ ...rules, dkp: { ...dkp, ...change } });
  const setEpgp = (change: Partial<LootRules['epgp']>) => setRules({ ...rules, epgp: { ...epgp, ...change } });
  const numberText = (path: string, value: number) => texts[path] ?? String(value);
  /** A number field: its text kept as typed, its number in the rules. */
  const numberField = (path: string, label: string, value: number, apply: (n: number) => void, hint?: string) => (
    <NumberField
      key={path}
      label={label}
      hint={hint}
      value={numberText(path, value)}
      error={error(path)}
      onChange={(text) => {
        setTexts({ ...texts, [path]: text });
        apply(numberOf(text));
      }}
    />
  );
  const body = { system, rules: { ...rules, wishlistLockAt: lockInstant(lockAt) }, note };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsConfirming(true);
  }
  function handleConfirm() {
    save.mutate(body, {
      onSettled: () => setIsConfirming(false),
      onSuccess: () => setNote(''),
    });
  }

  return (
    <form className="loot-form loot-settings" onSubmit={handleSubmit} data-testid="loot-settings-form">
      <FormField label="Loot system" error={errors.system} isRequired>
        {(props) => (
          <select {...props} value={system} onChange={(event) => setSystem(event.target.value as LootSystem)}>
            {LOOT_SYSTEMS.map((value) => (
              <option key={value} value={value}>
                {LOOT_SYSTEM_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {system === 'DKP' && (
        <fieldset className="loot-settings__group" data-testid="dkp-settings">
          <legend>DKP</legend>
          <NumberField
            label="Points for a raid on time"
            value={dkp.onTime}
            error={error('dkp.onTime')}
            onChange={(onTime) => setDkp({ onTime })}
          />
          <NumberField
            label="Points for a raid late"
            value={dkp.late}
            error={error('dkp.late')}
            onChange={(late) => setDkp({ late })}
          />
          <NumberField
            label="Points for a raid on the bench"
            value={dkp.bench}
            error={error('dkp.bench')}
            onChange={(bench) => setDkp({ bench })}
          />
          <FormField label="Price of an item" error={error('dkp.pricing')}>
            {(props) => (
              <select
                {...props}
                value={dkp.pricing}
                onChange={(event) => setDkp({ pricing: event.target.value as 'slot' | 'bid' })}
              >
                <option value="slot">A fixed price per slot</option>
                <option value="bid">The winning bid</option>
              </select>
            )}
          </FormField>
          {numberField('dkp.decayPercent', 'Weekly decay (%)', dkp.decayPercent, (decayPercent) => setDkp({ decayPercent }))}
          {dkp.pricing === 'slot' && (
            <fieldset className="loot-settings__slots">
              <legend>Price per slot</legend>
              {LOOT_SLOTS.map((slot: LootSlot) => (
                <NumberField
                  key={slot}
                  label={LOOT_SLOT_LABELS[slot]}
                  value={dkp.slotPrices[slot]}
                  error={error(`dkp.slotPrices.${slot}`)}
                  onChange={(price) => setDkp({ slotPrices: { ...dkp.slotPrices, [slot]: price } })}
                />
              ))}
            </fieldset>
          )}
        </fieldset>
      )}
      {system === 'EPGP' && (
        <fieldset className="loot-settings__group" data-testid="epgp-settings">
          <legend>EPGP</legend>
          <NumberField
            label="EP per raid"
            value={epgp.raidEp}
            error={error('epgp.raidEp')}
            onChange={(raidEp) => setEpgp({ raidEp })}
          />
          <NumberField
            label="EP per boss killed"
            value={epgp.bossEp}
            error={error('epgp.bossEp')}
            onChange={(bossEp) => setEpgp({ bossEp })}
          />
          {numberField('epgp.benchPercent', 'EP on the bench (% of the raid’s)', epgp.benchPercent, (benchPercent) =>
            setEpgp({ benchPercent }),
          )}
          <NumberField
            label="Base GP"
            hint="Every member's GP starts here"
            value={epgp.baseGp}
            error={error('epgp.baseGp')}
            onChange={(baseGp) => setEpgp({ baseGp })}
          />
          {numberField('epgp.decayPercent', 'Weekly decay (%)', epgp.decayPercent, (decayPercent) => setEpgp({ decayPercent }))}
          <fieldset className="loot-settings__slots">
            <legend>GP weight per slot (GP = item level × weight / 100)</legend>
            {LOOT_SLOTS.map((slot: LootSlot) =>
              numberField(`epgp.slotWeights.${slot}`, LOOT_SLOT_LABELS[slot], epgp.slotWeights[slot], (weight) =>
                setEpgp({ slotWeights: { ...epgp.slotWeights, [slot]: weight } }),
              ),
            )}
          </fieldset>
        </fieldset>
      )}
      {system === 'Loot_Council' && (
        <p className="loot-note loot-settings__wide">
          The council is every member who holds loot.manage in this guild: grant it on the Permissions screen.
        </p>
      )}
      <fieldset className="loot-settings__group" data-testid="priority-settings">
        <legend>Priority board weighting</legend>
        {numberField(
          'priority.attendancePoints',
          'Points for full attendance',
          rules.priority.attendancePoints,
          (attendancePoints) => setRules({ ...rules, priority: { ...rules.priority, attendancePoints } }),
        )}
        {numberField(
          'priority.upgradePenalty',
          'Points taken per upgrade received',
          rules.priority.upgradePenalty,
          (upgradePenalty) => setRules({ ...rules, priority: { ...rules.priority, upgradePenalty } }),
        )}
        {numberField('priority.windowWeeks', 'Weeks counted', rules.priority.windowWeeks, (windowWeeks) =>
          setRules({ ...rules, priority: { ...rules.priority, windowWeeks } }),
        )}
      </fieldset>
      <TextField
        label="Lock wishlists at"
        error={error('wishlistLockAt')}
        hint="Empty: members keep their wishlists open"
        type="datetime-local"
        value={lockAt}
        onChange={setLockAt}
      />
      <TextField label="Note for the history" error={errors.note} maxLength={500} value={note} onChange={setNote} />
      <FormError error={save.error} fields={errors} />
      {save.isError && Object.keys(errors).length > 0 && (
        <p className="form-error loot-settings__wide" role="alert">
          Some values do not fit: see the fields marked above.
        </p>
      )}
      <div className="loot-form__actions">
        <button type="submit" className="button button--primary">
          Save settings
        </button>
      </div>
      <ConfirmModal
        isOpen={isConfirming}
        title="Save these loot settings?"
        confirmLabel="Save as a new version"
        busyLabel="Saving..."
        isBusy={save.isPending}
        onConfirm={handleConfirm}
        onClose={() => setIsConfirming(false)}
        testId="loot-settings-confirm"
      >
        <p>
          {LOOT_SYSTEM_LABELS[system]}, version {settings.version + 1}. Awards and credits from now on follow these values;
          entries already in the ledger keep theirs, and standings are computed again from it.
        </p>
      </ConfirmModal>
    </form>
  );
}
