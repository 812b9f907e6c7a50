import type { GuildOption } from '@guildhall/contract';
import { useState } from 'react';
import { errorMessage } from '../api/api-error';
import { useGuildOption, useGuildOptions } from '../api/guild-options';
import { Combobox, type ComboboxAnswer } from './combobox';

/** A guild as a screen keeps it once picked. */
export interface PickedGuild {
  id: string;
  name: string;
}

function useGuildChoices(search: string, isOpen: boolean): ComboboxAnswer & { guilds: readonly GuildOption[] } {
  const list = useGuildOptions(search, isOpen);
  const guilds = list.data?.data ?? [];
  const more = (list.data?.total ?? 0) - guilds.length;
  return {
    guilds,
    options: guilds.map((guild) => ({
      id: guild.id,
      label: guild.name,
      detail: (
        <>
          {guild.server} · {guild.region}
          {!guild.isActive && <span className="combobox__tag">Inactive</span>}
          {!guild.discordGuildId && <span className="combobox__tag">No Discord</span>}
        </>
      ),
    })),
    isLoading: list.isFetching,
    note: list.isError ? errorMessage(list.error) : more > 0 ? `${more} more: type to narrow the list` : undefined,
  };
}

/**
 * The name of the guild in view: the one just picked, else read from the server by id (a reload or a shared link
 * carries the id only). `remember` keeps a picked guild's name. For a screen that shows the name elsewhere too.
 */
export function useGuildChoice(guildId: string | null) {
  const [picked, setPicked] = useState<PickedGuild | null>(null);
  const isKnown = guildId !== null && picked?.id === guildId;
  const fetched = useGuildOption(guildId !== null && !isKnown ? guildId : null);
  const guildName = guildId === null ? '' : isKnown ? picked.name : (fetched?.name ?? '');
  return { guildName, remember: setPicked };
}

interface GuildPickerProps {
  /** The guild in view (from the URL), or null for none. */
  guildId: string | null;
  /** Its name where the screen knows it (`useGuildChoice`); else the picker reads it by id. */
  guildName?: string;
  onChange: (guild: PickedGuild | null) => void;
  label?: string;
  /** What the box says with no guild chosen: 'All guilds', 'Choose a guild'. */
  placeholder: string;
  /** Offers a clear button (back to `placeholder`) while a guild is chosen. */
  clearLabel?: string;
  error?: string;
  testId?: string;
  inputTestId?: string;
  variant?: 'field' | 'toolbar';
  /**
   * Where the options come from, for a screen whose guilds carry more than `guild-options` tells (Configuration:
   * each guild's override count, from its own permission-checked call); `guild-options` by default.
   */
  useOptions?: (search: string, isOpen: boolean) => ComboboxAnswer;
}

/**
 * The console's one guild picker: every admin screen that works on a guild picks it here, from one endpoint
 * (`GET /api/admin/guild-options`: by part of the name or server, 20 at a time, the server searching).
 */
export function GuildPicker(props: GuildPickerProps) {
  const { guildId, guildName, onChange, label = 'Guild', placeholder, clearLabel, useOptions, ...rest } = props;
  const own = useGuildChoice(guildName === undefined ? guildId : null);
  return (
    <Combobox
      label={label}
      placeholder={placeholder}
      searchPlaceholder="Search guilds by name or server"
      selectedText={guildName ?? own.guildName}
      selectedId={guildId}
      useOptions={useOptions ?? useGuildChoices}
      emptyText="No guilds match this search"
      onSelect={(option) => {
        const guild = { id: option.id, name: option.label };
        own.remember(guild);
        onChange(guild);
      }}
      onClear={clearLabel ? () => onChange(null) : undefined}
      clearLabel={clearLabel}
      {...rest}
    />
  );
}
