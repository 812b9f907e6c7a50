import { AUDIT_LOG_MESSAGES, type PlayerAccount } from '@guildhall/contract';
import { CheckCircle2, CircleDashed } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/api-error';
import { useAuditLog } from '../../api/audit-log';
import { Fact, Facts } from '../../ui/facts';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { discordHandle, formatAccountDate, levelText, statusLabel } from './account-text';

/** The audit log's target type of a player account (modules/player-accounts records it). */
const PLAYER_ACCOUNT_AUDIT_TARGET = 'player_account';

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const id = `account-section-${testId}`;
  return (
    <section className="panel account-section" aria-labelledby={id} data-testid={testId}>
      <h3 id={id} className="panel__title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Account ID, Display Name, Email, Status, Created ('MMM d, yyyy h:mm a'), Last Updated and Last Login (relative). */
export function AccountInformation({ account }: { account: PlayerAccount }) {
  return (
    <Section title="Account Information" testId="account-information">
      <Facts>
        <Fact term="Account ID">
          <code className="account-id">{account.id}</code>
        </Fact>
        <Fact term="Display Name">{account.displayName}</Fact>
        {account.email && <Fact term="Email">{account.email}</Fact>}
        <Fact term="Status">{statusLabel(account.account_status)}</Fact>
        <Fact term="Created">{formatAccountDate(account.created_at)}</Fact>
        <Fact term="Last Updated">{formatRelative(account.updated_at)}</Fact>
        {account.last_login_at && <Fact term="Last Login">{formatRelative(account.last_login_at)}</Fact>}
      </Facts>
    </Section>
  );
}

function LinkCard({ name, isLinked, children }: { name: string; isLinked: boolean; children: ReactNode }) {
  return (
    <div className={`link-card${isLinked ? ' link-card--linked' : ''}`} data-testid={`link-card-${name.toLowerCase()}`}>
      <p className="link-card__title">
        {isLinked ? <CheckCircle2 size={16} aria-hidden="true" /> : <CircleDashed size={16} aria-hidden="true" />}
        {name}
      </p>
      {isLinked ? <Facts>{children}</Facts> : <p className="link-card__none">Not linked</p>}
    </div>
  );
}

/** The Discord and Battle.net cards: linked or 'Not linked', when, and the ids. */
export function ExternalLinks({ account }: { account: PlayerAccount }) {
  const discord = account.discord_metadata;
  const battlenet = account.battlenet_metadata;
  return (
    <Section title="External Account Links" testId="account-links">
      <div className="link-cards">
        <LinkCard name="Discord" isLinked={account.linkState.discord}>
          <Fact term="Discord ID">{account.discord_id}</Fact>
          {discordHandle(discord) && <Fact term="Username">{discordHandle(discord)}</Fact>}
          {discord?.linkedAt && <Fact term="Linked">{formatRelative(discord.linkedAt)}</Fact>}
        </LinkCard>
        <LinkCard name="Battle.net" isLinked={account.linkState.battlenet}>
          <Fact term="Battle.net ID">{account.battlenet_id}</Fact>
          {battlenet?.battletag && <Fact term="BattleTag">{battlenet.battletag}</Fact>}
          {battlenet?.region && <Fact term="Region">{battlenet.region.toUpperCase()}</Fact>}
          {battlenet?.linkedAt && <Fact term="Linked">{formatRelative(battlenet.linkedAt)}</Fact>}
        </LinkCard>
      </div>
    </Section>
  );
}

/** The count, the summary (max level, distinct classes, guilds) and each character. */
export function AccountCharacters({ account }: { account: PlayerAccount }) {
  const characters = account.characters ?? [];
  const summary = account.characterSummary;
  const count = summary?.count ?? characters.length;
  return (
    <Section title={`Characters (${count})`} testId="account-characters">
      {summary && count > 0 && (
        <p className="account-characters__summary" data-testid="character-summary">
          Max level {summary.maxLevel ?? '?'} · {summary.classes} {summary.classes === 1 ? 'class' : 'classes'} · {summary.guilds}{' '}
          {summary.guilds === 1 ? 'guild' : 'guilds'}
        </p>
      )}
      {characters.length === 0 ? (
        <p className="account-section__empty">No characters</p>
      ) : (
        <ul className="account-characters">
          {characters.map((character) => (
            <li key={character.id} className="account-characters__item">
              <span className="account-characters__name">{character.character_name}</span>
              <span>{character.class}</span>
              <span>Level {levelText(character.level)}</span>
              <span>{character.guild}</span>
              {character.race && <span>{character.race}</span>}
            </li>
          ))}
        </ul>
      )}
      {count > characters.length && (
        <p className="account-section__empty">
          Showing {characters.length} of {count}
        </p>
      )}
    </Section>
  );
}

/** The notes, as written. */
export function AccountNotes({ notes }: { notes: string | null }) {
  return (
    <Section title="Notes" testId="account-notes">
      <p className="account-notes">{notes || 'No notes'}</p>
    </Section>
  );
}

/** How many of the account's latest audit records the dialog lists. */
const AUDIT_HISTORY_SIZE = 5;

/**
 * Who created and last changed the account, and its latest records in the audit log with a link to all of them
 * (shown only with admin.audit_logs, which also opens the Audit Log).
 */
export function AuditInformation({ account }: { account: PlayerAccount }) {
  const history = useAuditLog({
    targetType: PLAYER_ACCOUNT_AUDIT_TARGET,
    targetId: account.id,
    page: 1,
    limit: AUDIT_HISTORY_SIZE,
  });
  const entries = history.data?.data ?? [];
  const total = history.data?.pagination.total ?? 0;
  const allRecords = `/admin/audit-log?${new URLSearchParams({ targetType: PLAYER_ACCOUNT_AUDIT_TARGET, targetId: account.id })}`;
  return (
    <Section title="Audit Information" testId="account-audit">
      <Facts>
        <Fact term="Created By">{account.created_by ?? 'Unknown'}</Fact>
        <Fact term="Last Updated By">{account.updated_by ?? 'Unknown'}</Fact>
      </Facts>
      {history.isError && <p className="account-section__empty">{errorMessage(history.error, AUDIT_LOG_MESSAGES.loadFailed)}</p>}
      {history.isSuccess && entries.length === 0 && <p className="account-section__empty">{AUDIT_LOG_MESSAGES.noEntries}</p>}
      {entries.length > 0 && (
        <ol className="account-audit" data-testid="account-audit-history">
          {entries.map((entry) => (
            <li key={entry.id} className="account-audit__entry">
              <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt)}>
                {formatRelative(entry.createdAt)}
              </time>
              <span className="account-audit__action">{entry.action}</span>
              <span>{entry.actorName ?? entry.actorType}</span>
            </li>
          ))}
        </ol>
      )}
      {total > 0 && (
        <Link to={allRecords} className="account-audit__all">
          {total > entries.length ? `All ${total} records in the Audit Log` : 'Open in the Audit Log'}
        </Link>
      )}
    </Section>
  );
}
