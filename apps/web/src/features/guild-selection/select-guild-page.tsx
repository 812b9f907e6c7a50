import { Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSelectGuildMutation, useVerifyGuildsMutation } from '../../api/community-guilds';
import { safeCommunityReturn } from '../../community-auth/community-paths';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { SessionFailed } from '../../ui/session-screens';
import { PageSpinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLiveSearchParams } from '../../ui/use-live-search-params';
import { JoinWithInvite } from '../guild-invites/join-with-invite';
import { DiscordUnreachable } from './discord-unreachable';
import { GuildPicker } from './guild-picker';
import { InstallFlow } from './install-flow';

const NO_BOT_YET = 'The bot is not in any of your servers yet. Once Discord shows it there, check again.';

/**
 * /select-guild: several guilds with the bot, choose one; none, the bot installation flow. Afterwards the user
 * goes on to the page first asked for.
 */
export function SelectGuildPage() {
  useDocumentTitle('Choose a guild', 'community');
  const { user, guildState, guildError, retryGuilds } = useCommunitySession();
  const [searchParams] = useLiveSearchParams();
  const navigate = useNavigate();
  const returnPath = safeCommunityReturn(searchParams.get('from'));
  const select = useSelectGuildMutation();
  const verify = useVerifyGuildsMutation();
  const [checkNote, setCheckNote] = useState<string | null>(null);
  const [isAddingMore, setIsAddingMore] = useState(false);

  if (!guildState) return guildError ? <SessionFailed error={guildError} onRetry={retryGuilds} /> : <PageSpinner />;

  function handleCheckAgain() {
    setCheckNote(null);
    verify.mutate(undefined, {
      onSuccess: (state) => {
        if (state.botStatus === 'none') setCheckNote(NO_BOT_YET);
        else if (!state.requiresGuildSelection) navigate(returnPath, { replace: true });
        else setIsAddingMore(false);
      },
    });
  }

  const withoutBot = guildState.guilds.filter((guild) => !guild.hasBot);
  // An e-mail account has no Discord servers to add the bot to: an officer's invite link is its way in.
  const hasDiscord = user?.authMethod !== 'email';
  const install = (
    <InstallFlow
      guilds={withoutBot}
      hasDiscord={hasDiscord}
      isChecking={verify.isPending}
      onCheckAgain={handleCheckAgain}
      checkNote={checkNote}
    />
  );

  if (guildState.botStatus === 'unknown') {
    return (
      <div className="page page--narrow">
        <DiscordUnreachable isRetrying={verify.isPending} onRetry={handleCheckAgain} />
      </div>
    );
  }

  if (guildState.botStatus === 'none') {
    return (
      <div className="page page--narrow">
        {!hasDiscord && <JoinWithInvite isProminent />}
        {install}
        {hasDiscord && <JoinWithInvite />}
      </div>
    );
  }

  return (
    <div className="page page--narrow" data-testid="guild-picker">
      <header className="page__header page__header--center">
        <span className="page__badge-icon">
          <Users size={22} aria-hidden="true" />
        </span>
        <h1 className="page__title">Choose a guild</h1>
        <p className="page__lead">Pick the guild you want to work in. You can switch at any time from the header.</p>
      </header>
      <GuildPicker
        guilds={guildState.availableGuilds}
        selectedGuildId={guildState.selectedGuildId}
        pendingGuildId={select.isPending ? select.variables.id : null}
        onSelect={(guild) => select.mutate(guild, { onSuccess: () => navigate(returnPath, { replace: true }) })}
      />
      {withoutBot.length > 0 &&
        (isAddingMore ? (
          install
        ) : (
          <button type="button" className="link-button add-more" onClick={() => setIsAddingMore(true)}>
            <Plus size={14} aria-hidden="true" /> Add the bot to another server
          </button>
        ))}
    </div>
  );
}
