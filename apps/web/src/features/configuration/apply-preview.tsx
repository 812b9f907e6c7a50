import { CONFIG_APPLY_MODES, type ConfigApplyMode } from '@guildhall/contract';
import { useState } from 'react';
import type { ConfigApplyAnswer } from '../../api/guild-config';
import type { PickedGuild } from '../../ui/guild-picker';
import { ChangeList } from './history-panel';

/** Preview, then "Apply to 3 guilds": the two steps of an apply to many guilds. */
export function ApplyButtons({
  onRun,
  canPreview,
  canApply,
  guildCount,
  busyLabel,
}: {
  onRun: (isPreview: boolean) => void;
  canPreview: boolean;
  canApply: boolean;
  guildCount: number;
  /** Said on the apply button while the call runs ('Applying...'), else null. */
  busyLabel: string | null;
}) {
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => onRun(true)} disabled={!canPreview}>
        Preview
      </button>
      <button type="button" className="button button--primary" onClick={() => onRun(false)} disabled={!canApply}>
        {busyLabel ?? `Apply to ${guildCount} ${guildCount === 1 ? 'guild' : 'guilds'}`}
      </button>
    </>
  );
}

/**
 * What an apply to many guilds (bulk update, template) is being made of: the guilds, the mode and the latest preview,
 * which any change of guilds or mode makes stale. `guildsProps` and `modeProps` go to GuildMultiSelect and ModeChoice.
 */
export function useApplyChoice() {
  const [guilds, setGuilds] = useState<PickedGuild[]>([]);
  const [mode, setMode] = useState<ConfigApplyMode>('merge');
  const [preview, setPreview] = useState<ConfigApplyAnswer | null>(null);
  return {
    guilds,
    mode,
    preview,
    setPreview,
    guildsProps: {
      selected: guilds,
      onChange: (next: PickedGuild[]) => {
        setGuilds(next);
        setPreview(null);
      },
    },
    modeProps: {
      mode,
      onChange: (next: ConfigApplyMode) => {
        setMode(next);
        setPreview(null);
      },
    },
    reset: () => {
      setGuilds([]);
      setPreview(null);
      setMode('merge');
    },
  };
}

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
