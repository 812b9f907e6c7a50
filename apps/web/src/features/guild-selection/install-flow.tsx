import { COMMUNITY_PATHS, type UserGuild } from '@guildhall/contract';
import { Bot, ExternalLink, Plus, RefreshCw, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { GuildAvatar } from '../../ui/guild-avatar';
import { useBotInvite } from './use-bot-invite';

interface InstallFlowProps {
  /** The user's guilds without the bot. */
  guilds: readonly UserGuild[];
  /** False for an e-mail account: Guildhall cannot see its Discord servers until Discord is linked. */
  hasDiscord: boolean;
  isChecking: boolean;
  /** Re-reads the guilds from Discord (guilds/verify). */
  onCheckAgain: () => void;
  /** Told when the check found no bot guild yet. */
  checkNote: string | null;
}

/** Bot installation: each guild of the user with 'Add bot' where they may add it, then a check for the bot. */
export function InstallFlow({ guilds, hasDiscord, isChecking, onCheckAgain, checkNote }: InstallFlowProps) {
  const { invite, inviteUrls, pendingGuildId } = useBotInvite({ onBotPresent: onCheckAgain });
  const installable = guilds.filter((guild) => guild.canInstall);
  const others = guilds.filter((guild) => !guild.canInstall);

  return (
    <section className="install-flow" data-testid="install-flow" aria-labelledby="install-flow-title">
      <header className="install-flow__header">
        <span className="install-flow__icon">
          <Bot size={22} aria-hidden="true" />
        </span>
        <div>
          <h2 id="install-flow-title" className="install-flow__title">
            Add the Guildhall bot to a server
          </h2>
          <p className="install-flow__lead">
            Guildhall works in servers where its bot is present. Add it to a server you manage, then check again.
          </p>
        </div>
      </header>

      {guilds.length === 0 && !hasDiscord ? (
        <p className="install-flow__empty" data-testid="install-flow-email-member">
          You signed in with email, so there are no Discord servers to show. To join your guild, open the invite link an officer
          of the guild sent you, or paste it above. To add the bot to a server you manage,{' '}
          <Link to={COMMUNITY_PATHS.settings}>link Discord in Settings</Link> first.
        </p>
      ) : guilds.length === 0 ? (
        <p className="install-flow__empty">
          Your account has no Discord servers yet. Ask an officer of your guild for an invite link, and open it or paste it below.
        </p>
      ) : (
        <ul className="install-list" aria-label="Your servers without the bot">
          {[...installable, ...others].map((guild) => (
            <li key={guild.id} className="install-row" data-guild-id={guild.id}>
              <GuildAvatar name={guild.name} iconUrl={guild.iconUrl} size="sm" />
              <span className="install-row__name">{guild.name}</span>
              {guild.canInstall ? (
                <span className="install-row__actions">
                  {inviteUrls[guild.id] && (
                    <a className="install-row__link" href={inviteUrls[guild.id]} target="_blank" rel="noopener noreferrer">
                      Open invite <ExternalLink size={12} aria-hidden="true" />
                    </a>
                  )}
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => invite(guild.id)}
                    disabled={pendingGuildId !== null}
                    aria-label={`Add bot to ${guild.name}`}
                    data-testid="bot-invite-button"
                    data-guild-id={guild.id}
                  >
                    <Plus size={14} aria-hidden="true" />
                    {pendingGuildId === guild.id ? 'Opening...' : 'Add bot'}
                  </button>
                </span>
              ) : (
                <span className="install-row__note">
                  <ShieldAlert size={14} aria-hidden="true" /> Needs Manage Server
                </span>
              )}
            </li>
          ))}
        </ul>
      )}

      {(hasDiscord || guilds.length > 0) && (
        <div className="install-flow__footer">
          {checkNote && (
            <p className="install-flow__note" role="status">
              {checkNote}
            </p>
          )}
          <button type="button" className="button button--primary" onClick={onCheckAgain} disabled={isChecking}>
            <RefreshCw size={16} aria-hidden="true" className={isChecking ? 'spin' : undefined} />I added the bot — check again
          </button>
        </div>
      )}
    </section>
  );
}
