import { ChevronDown, X } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from '../../ui/use-dismiss';
import { byGuildName, type SelectedGuild } from './selected-guilds';

interface SelectedGuildListProps {
  guilds: readonly SelectedGuild[];
  /** Names the list for screen readers. */
  label: string;
  /** Offers to take a guild out of the selection. */
  onDeselect?: (id: string) => void;
  testId?: string;
}

/** Every guild of a selection by name, server and region; scrolls when long. */
export function SelectedGuildList({ guilds, label, onDeselect, testId }: SelectedGuildListProps) {
  return (
    <ul className="selected-guilds" aria-label={label} data-testid={testId}>
      {byGuildName(guilds).map((guild) => (
        <li key={guild.id} className="selected-guilds__item" data-testid="selected-guild" data-guild-id={guild.id}>
          <span className="selected-guilds__name">{guild.guild_name}</span>
          <span className="selected-guilds__where">
            {guild.server} ({guild.region})
          </span>
          {onDeselect && (
            <button
              type="button"
              className="icon-button selected-guilds__remove"
              aria-label={`Deselect ${guild.guild_name}`}
              title="Deselect"
              onClick={() => onDeselect(guild.id)}
            >
              <X size={14} aria-hidden="true" />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** '{n} selected on other pages', opening the list of those guilds, each of which can be deselected. */
export function OffPageSelection({
  label,
  guilds,
  onDeselect,
}: {
  label: string;
  guilds: readonly SelectedGuild[];
  onDeselect: (id: string) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(
    ref,
    isOpen,
    useCallback(() => setIsOpen(false), []),
  );
  return (
    <div ref={ref} className="off-page-selection">
      <button
        type="button"
        className="off-page-selection__toggle"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setIsOpen((open) => !open)}
        data-testid="off-page-selection"
      >
        {label}
        <ChevronDown size={14} aria-hidden="true" className="off-page-selection__chevron" />
      </button>
      {isOpen && (
        <div id={listId} className="off-page-selection__list">
          <SelectedGuildList guilds={guilds} label="Selected on other pages" onDeselect={onDeselect} testId="off-page-guilds" />
        </div>
      )}
    </div>
  );
}
