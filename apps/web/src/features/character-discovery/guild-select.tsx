import type { DiscoveryGuild } from '@guildhall/contract';
import { ChevronsUpDown } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useDiscoveryGuilds } from '../../api/character-discovery';
import { SEARCH_DEBOUNCE_MS } from '../../ui/search-input';
import { useDebouncedValue } from '../../ui/use-debounced-value';

interface GuildSelectProps {
  /** The name of the guild in view, shown while the list is closed. */
  selectedName: string;
  selectedId: string | null;
  onSelect: (guild: DiscoveryGuild) => void;
}

/** A searchable guild picker (WAI-ARIA combobox): type to search name or server, arrows and Enter to choose. */
export function GuildSelect({ selectedName, selectedId, onSelect }: GuildSelectProps) {
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const isOpen = text !== null;
  const search = useDebouncedValue(text ?? '', SEARCH_DEBOUNCE_MS).trim();
  const guilds = useDiscoveryGuilds(search);
  const options = isOpen ? (guilds.data?.guilds ?? []) : [];
  const more = (guilds.data?.total ?? 0) - options.length;
  const optionId = (index: number) => `${id}-option-${index}`;

  function open() {
    if (!isOpen) {
      setText('');
      setActiveIndex(0);
    }
  }

  function choose(guild: DiscoveryGuild | undefined) {
    if (!guild) return;
    setText(null);
    onSelect(guild);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const moves: Record<string, number> = {
      ArrowDown: Math.min(options.length - 1, activeIndex + 1),
      ArrowUp: Math.max(0, activeIndex - 1),
      Home: 0,
      End: options.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      open();
      setActiveIndex(Math.max(0, moves[event.key] ?? 0));
    } else if (event.key === 'Enter' && isOpen) {
      event.preventDefault();
      choose(options[activeIndex]);
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      setText(null);
    }
  }

  return (
    <div className="guild-select">
      <label htmlFor={id} className="guild-select__label">
        Guild
      </label>
      <div className="guild-select__control">
        <input
          id={id}
          className="input guild-select__input"
          role="combobox"
          aria-expanded={isOpen}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={isOpen && options.length > 0 ? optionId(activeIndex) : undefined}
          placeholder={isOpen ? 'Search guilds by name or server' : 'Choose a guild'}
          value={text ?? selectedName}
          onFocus={open}
          onClick={open}
          onBlur={() => setText(null)}
          onChange={(event) => {
            setText(event.target.value);
            setActiveIndex(0);
          }}
          onKeyDown={handleKeyDown}
          autoComplete="off"
          data-testid="guild-select"
        />
        <ChevronsUpDown className="guild-select__icon" size={16} aria-hidden="true" />
      </div>
      <div className="guild-select__list" hidden={!isOpen}>
        <div id={`${id}-list`} role="listbox" aria-label="Guilds">
          {options.map((guild, index) => (
            <div
              key={guild.id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={guild.id === selectedId}
              className={`guild-select__option${index === activeIndex ? ' guild-select__option--active' : ''}`}
              // mousedown, not click: the input's blur would close the list before a click lands.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(guild);
              }}
              onMouseEnter={() => setActiveIndex(index)}
            >
              <span className="guild-select__name">{guild.name}</span>
              <span className="guild-select__detail">
                {guild.server} · {guild.region}
                {!guild.isActive && <span className="guild-select__tag">Inactive</span>}
                {!guild.discordGuildId && <span className="guild-select__tag">No Discord</span>}
              </span>
            </div>
          ))}
        </div>
        {guilds.isSuccess && options.length === 0 && <p className="guild-select__empty">No guilds match this search.</p>}
        {more > 0 && <p className="guild-select__empty">{more} more: type to narrow the list</p>}
      </div>
    </div>
  );
}
