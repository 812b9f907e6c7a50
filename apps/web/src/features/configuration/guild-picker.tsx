import type { ConfigGuild } from '@guildhall/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { useConfigGuilds } from '../../api/guild-config';
import { Badge } from '../../ui/badge';
import type { ComboboxAnswer } from '../../ui/combobox';
import { SearchInput } from '../../ui/search-input';

/** "3 overrides" */
export const overridesText = (count: number) => `${count} ${count === 1 ? 'override' : 'overrides'}`;

/**
 * The guild picker's options on Configuration (ui/guild-picker): guilds by name from the configuration's own call,
 * each with where it plays and how many settings it overrides.
 */
export function useConfigGuildChoices(search: string): ComboboxAnswer {
  const guilds = useConfigGuilds(search);
  return {
    options: (guilds.data?.guilds ?? []).map((guild) => ({
      id: guild.id,
      label: guild.name,
      detail: (
        <>
          {[guild.realm, guild.region].filter(Boolean).join(' · ')}
          {!guild.isActive && <span className="combobox__tag">Inactive</span>}
          <Badge tone={guild.overrides > 0 ? 'brand' : 'neutral'} className="config-guild__count">
            {overridesText(guild.overrides)}
          </Badge>
        </>
      ),
    })),
    isLoading: guilds.isFetching,
    note: guilds.isError ? errorMessage(guilds.error) : undefined,
  };
}

/** Several guilds: a searched list of checkboxes, those chosen kept across searches. */
export function GuildMultiSelect({
  label,
  selected,
  onChange,
  max,
  testId,
}: {
  label: string;
  selected: readonly { id: string; name: string }[];
  onChange: (selected: { id: string; name: string }[]) => void;
  max?: number;
  testId?: string;
}) {
  const [search, setSearch] = useState('');
  const guilds = useConfigGuilds(search);
  const list = guilds.data?.guilds ?? [];
  const chosen = new Set(selected.map((guild) => guild.id));
  const full = max !== undefined && selected.length >= max;

  function toggle(guild: ConfigGuild, checked: boolean) {
    onChange(checked ? [...selected, { id: guild.id, name: guild.name }] : selected.filter((g) => g.id !== guild.id));
  }

  return (
    <fieldset className="config-multi" data-testid={testId}>
      <legend className="field__label">
        {label}{' '}
        <span className="muted">
          ({selected.length} chosen{max !== undefined ? `, at most ${max}` : ''})
        </span>
      </legend>
      {selected.length > 0 && (
        <ul className="config-chips" aria-label={`${label}: chosen`}>
          {selected.map((guild) => (
            <li key={guild.id}>
              <button type="button" className="config-chip" onClick={() => onChange(selected.filter((g) => g.id !== guild.id))}>
                <span className="visually-hidden">Remove </span>
                {guild.name} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <SearchInput value={search} onSearch={setSearch} label={`${label}: search`} placeholder="Search guilds" maxLength={100} />
      {guilds.isError && (
        <p className="alert alert--error" role="alert">
          Failed to load guilds: {errorMessage(guilds.error)}
        </p>
      )}
      <ul className="config-multi__list">
        {list.map((guild) => {
          const isChosen = chosen.has(guild.id);
          return (
            <li key={guild.id}>
              <label className="config-multi__option">
                <input
                  type="checkbox"
                  checked={isChosen}
                  disabled={!isChosen && full}
                  onChange={(event) => toggle(guild, event.target.checked)}
                />
                <span className="config-guild__name">{guild.name}</span>
                <span className="muted">{overridesText(guild.overrides)}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
