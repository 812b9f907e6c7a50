import type { ConfigGuild } from '@guildhall/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { useConfigGuilds } from '../../api/guild-config';
import { Badge } from '../../ui/badge';
import { QueryState } from '../../ui/query-state';
import { SearchInput } from '../../ui/search-input';

/** "3 overrides" */
export const overridesText = (count: number) => `${count} ${count === 1 ? 'override' : 'overrides'}`;

function GuildLine({ guild }: { guild: ConfigGuild }) {
  return (
    <>
      <span className="config-guild__name">{guild.name}</span>
      <span className="config-guild__meta muted">
        {[guild.realm, guild.region].filter(Boolean).join(' · ')}
        {!guild.isActive && ' · inactive'}
      </span>
      <Badge tone={guild.overrides > 0 ? 'brand' : 'neutral'} className="config-guild__count">
        {overridesText(guild.overrides)}
      </Badge>
    </>
  );
}

/** The guild whose settings are shown: a searched list, the chosen one marked. */
export function GuildPicker({
  search,
  onSearch,
  selectedId,
  onSelect,
}: {
  search: string;
  onSearch: (search: string) => void;
  selectedId: string | null;
  onSelect: (guild: ConfigGuild) => void;
}) {
  const guilds = useConfigGuilds(search);
  const list = guilds.data?.guilds ?? [];
  return (
    <div className="config-picker" data-testid="guild-picker">
      <SearchInput value={search} onSearch={onSearch} label="Search guilds" placeholder="Search guilds" maxLength={100} />
      <QueryState
        query={guilds}
        loading="Loading guilds..."
        errorTitle="Failed to load guilds"
        isEmpty={() => list.length === 0}
        empty="No guild matches."
        testId="config-guilds"
      >
        {() => (
          <ul className="config-picker__list" aria-label="Guilds" aria-busy={guilds.isFetching}>
            {list.map((guild) => (
              <li key={guild.id}>
                <button
                  type="button"
                  className={`config-guild${guild.id === selectedId ? ' config-guild--selected' : ''}`}
                  aria-current={guild.id === selectedId ? 'true' : undefined}
                  onClick={() => onSelect(guild)}
                >
                  <GuildLine guild={guild} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
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
