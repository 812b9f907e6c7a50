import { CONFIG_APPLY_MODES, type ConfigApplyMode } from '@guildhall/contract';
import type { ConfigApplyAnswer } from '../../api/guild-config';
import { ChangeList } from './history-panel';

/** Merge or replace, as radio buttons. */
export function ModeChoice({ mode, onChange }: { mode: ConfigApplyMode; onChange: (mode: ConfigApplyMode) => void }) {
  const hints: Record<ConfigApplyMode, string> = {
    merge: 'Merge: change these settings, keep the guild’s other overrides',
    replace: 'Replace: these settings only; the guild’s other overrides in the same categories go back to defaults',
  };
  return (
    <fieldset className="config-mode">
      <legend className="field__label">Mode</legend>
      {CONFIG_APPLY_MODES.map((value) => (
        <label key={value} className="config-mode__option">
          <input type="radio" name="apply-mode" value={value} checked={mode === value} onChange={() => onChange(value)} />
          {hints[value]}
        </label>
      ))}
    </fieldset>
  );
}

/** Every guild's changes of a preview (or of what was applied). */
export function ApplyPreview({ answer }: { answer: ConfigApplyAnswer }) {
  return (
    <section className="config-preview" aria-label={answer.applied ? 'Applied changes' : 'Preview'} data-testid="apply-preview">
      <h3 className="config-preview__title">{answer.applied ? 'Applied' : 'Preview: nothing is changed yet'}</h3>
      <ul className="config-preview__guilds">
        {answer.guilds.map((guild) => (
          <li key={guild.id} data-testid="preview-guild">
            <strong>{guild.name}</strong>{' '}
            <span className="muted">
              {guild.changes.length} {guild.changes.length === 1 ? 'change' : 'changes'}
            </span>
            <ChangeList changes={guild.changes} />
          </li>
        ))}
      </ul>
    </section>
  );
}
