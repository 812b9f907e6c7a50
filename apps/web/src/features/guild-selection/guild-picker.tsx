import type { UserGuild } from '@guildhall/contract';
import { Check, ChevronRight, Crown } from 'lucide-react';
import { GuildAvatar } from '../../ui/guild-avatar';

interface GuildPickerProps {
  guilds: readonly UserGuild[];
  selectedGuildId: string | null;
  /** The guild being selected right now, if any. */
  pendingGuildId: string | null;
  onSelect: (guild: UserGuild) => void;
}

/** The guilds where the bot is present, one card each; choosing one selects it. */
export function GuildPicker({ guilds, selectedGuildId, pendingGuildId, onSelect }: GuildPickerProps) {
  return (
    <ul className="guild-picker" aria-label="Your guilds">
      {guilds.map((guild) => {
        const isSelected = guild.id === selectedGuildId;
        return (
          <li key={guild.id}>
            <button
              type="button"
              className={`guild-card${isSelected ? ' guild-card--selected' : ''}`}
              onClick={() => onSelect(guild)}
              disabled={pendingGuildId !== null}
              aria-current={isSelected ? 'true' : undefined}
              data-testid="guild-option"
              data-guild-id={guild.id}
            >
              <GuildAvatar name={guild.name} iconUrl={guild.iconUrl} size="lg" />
              <span className="guild-card__text">
                <span className="guild-card__name">{guild.name}</span>
                <span className="guild-card__meta">
                  {guild.isOwner && (
                    <span className="guild-card__tag">
                      <Crown size={12} aria-hidden="true" /> Owner
                    </span>
                  )}
                  {isSelected ? 'Current guild' : pendingGuildId === guild.id ? 'Opening...' : 'Open this guild'}
                </span>
              </span>
              {isSelected ? (
                <Check className="guild-card__chevron" size={18} aria-hidden="true" />
              ) : (
                <ChevronRight className="guild-card__chevron" size={18} aria-hidden="true" />
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
