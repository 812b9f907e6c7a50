import { GUILD_GRANT_MESSAGES } from '@guildhall/contract';
import { errorMessage } from '../../api/api-error';
import { useGuildOptions } from '../../api/guild-grants';
import { type ComboboxAnswer, SearchCombobox } from './search-combobox';

function useGuildChoices(search: string): ComboboxAnswer {
  const list = useGuildOptions(search);
  const guilds = list.data?.data ?? [];
  const more = (list.data?.total ?? 0) - guilds.length;
  return {
    options: guilds.map((guild) => ({
      id: guild.id,
      label: guild.guildName,
      detail: `${guild.server} · ${guild.region}${guild.isActive ? '' : ' · Inactive'}`,
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

/** A guild tenant picker over the screen's own guild options (searched by name on the server, 20 at a time). */
export function GuildPicker({ guildId, guildName, onChange, isClearable, error, testId }: GuildPickerProps) {
  return (
    <SearchCombobox
      label="Guild"
      placeholder={isClearable ? 'All guilds' : GUILD_GRANT_MESSAGES.guildRequired}
      selectedText={guildName}
      selectedId={guildId}
      useOptions={useGuildChoices}
      emptyText="No guilds match this search"
      onSelect={(id, name) => onChange({ id, name })}
      onClear={isClearable ? () => onChange(null) : undefined}
      clearLabel="Show all guilds"
      error={error}
      testId={testId}
    />
  );
}
