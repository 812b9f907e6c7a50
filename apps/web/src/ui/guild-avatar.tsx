import '../styles/guild-avatar.css';

/** The initials of a guild's name: its first two words' first letters. */
export function guildInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]?.[0], words[1]?.[0]] : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase() || '?';
}

interface GuildAvatarProps {
  name: string;
  iconUrl: string | null;
  size?: 'sm' | 'md' | 'lg';
}

/** A guild's Discord icon, or its initials on a tinted square. */
export function GuildAvatar({ name, iconUrl, size = 'md' }: GuildAvatarProps) {
  return (
    <span className={`guild-avatar guild-avatar--${size}`} aria-hidden="true">
      {iconUrl ? <img src={iconUrl} alt="" loading="lazy" /> : guildInitials(name)}
    </span>
  );
}
