import { GUILD_GRANT_MESSAGES } from '@guildhall/contract';
import { errorMessage } from '../../api/api-error';
import { useGuildList } from '../../api/guilds';
import { type ComboboxAnswer, SearchCombobox } from './search-combobox';

/** The guild tenants the picker offers at most at once; typing narrows the list. */
const GUILD_OPTIONS = 20;

function useGuildOptions(search: string): ComboboxAnswer {
  const list = useGuildList({ page: 1, limit: GUILD_OPTIONS, search: search || undefined, status: 'all', region: 'all' });
  const guilds = list.data?.guilds ?? [];
  const more = (list.data?.total ?? 0) - guilds.length;
  return {
    options: guilds.map((guild) => ({
      id: guild.id,
      label: guild.guild_name,
      detail: `${guild.server} · ${guild.region}${guild.is_active ? '' : ' · Inactive'}`,
    })),
    isLoading: list.isFetching,
    note: list.isError ? errorMessage(list.error) : more > 0 ? `${more} more: type to narrow the list` : undefined,
  };
}

interface GuildPickerProps {
  guildId: string | null;
  guildName: string;
  onChange: (guild: { id: string; name: string } | null) => void;
  /** Offers 'All guilds' (a clear button) when the choice may be left empty. */
  isClearable?: boolean;
  error?: string;
  testId: string;
}

/** A guild tenant picker over the guild list API (searched by name on the server). */
export function GuildPicker({ guildId, guildName, onChange, isClearable, error, testId }: GuildPickerProps) {
  return (
    <SearchCombobox
      label="Guild"
      placeholder={isClearable ? 'All guilds' : GUILD_GRANT_MESSAGES.guildRequired}
      selectedText={guildName}
      selectedId={guildId}
      useOptions={useGuildOptions}
      emptyText="No guilds match this search"
      onSelect={(id, name) => onChange({ id, name })}
      onClear={isClearable ? () => onChange(null) : undefined}
      clearLabel="Show all guilds"
      error={error}
      testId={testId}
    />
  );
}
