import {
  type LinkProvider,
  linkHeldByOther,
  PLAYER_ACCOUNT_MESSAGES,
  type PlayerAccount,
  type playerAccountInput,
  playerAccountNotFound,
} from '@guildhall/contract';
import type { z } from 'zod';
import { AppError } from '../../core/app-error';
import type { Requester } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import type { Db, Queryable } from '../../services/db/db';
import { lockHolder, type PlayerAccountRow, selectVerifiedBattlenet, type VerifiedBattlenet } from './queries';
import { readAccount } from './read-account';
import { type AccountWrite, insertAccount, lockAccountRow, updateAccountRow } from './save-queries';

/** The form's fields after the contract's rules. */
export type PlayerAccountFields = z.output<typeof playerAccountInput>;

/** Who created or last changed an account, as created_by and updated_by keep it. */
export const actorName = (by: Requester) => ('name' in by.actor && by.actor.name ? by.actor.name : by.actor.type);

const COLUMN_OF = { discord: 'discord_id', battlenet: 'battlenet_id' } as const;

/** 409 naming the account that holds the id (spec: an id belongs to one account). */
export function heldByOtherError(provider: LinkProvider, holder: { id: string; display_name: string }) {
  return new AppError('CONFLICT', linkHeldByOther(provider, holder.display_name), {
    details: { provider, existingAccountId: holder.id, existingAccountName: holder.display_name },
  });
}

/** Refuses a Discord or Battle.net id another account holds; the form never moves a link (the link call does). */
async function refuseHeldIds(tx: Queryable, fields: PlayerAccountFields, exceptId: string | null) {
  for (const [provider, value] of [
    ['discord', fields.discordId],
    ['battlenet', fields.battlenetId],
  ] as const) {
    if (value === null) continue;
    const holder = await lockHolder(tx, COLUMN_OF[provider], value, exceptId);
    if (holder) throw heldByOtherError(provider, holder);
  }
}

/** Merged is shown, not chosen: only an account that is merged already may keep it (spec 2 §4). */
function refuseChosenMerge(fields: PlayerAccountFields, before: PlayerAccountRow | null) {
  if (fields.accountStatus === 'merged' && before?.account_status !== 'merged') {
    throw AppError.invalidField('accountStatus', PLAYER_ACCOUNT_MESSAGES.status);
  }
}

/**
 * The form's Battle.net ID as stored: a verified account typed by id or BattleTag becomes its account id, with the
 * BattleTag and region its member verified (spec 2 §2: the id's metadata is looked up); any other text stays as typed.
 */
async function resolveBattlenet(tx: Queryable, fields: PlayerAccountFields) {
  const verified = fields.battlenetId === null ? null : await selectVerifiedBattlenet(tx, fields.battlenetId);
  return { fields: verified ? { ...fields, battlenetId: verified.battlenet_id } : fields, verified };
}

/** The row's fields from the form, a verified BattleTag and region where a member's connection vouches for them. */
const accountWrite = (fields: PlayerAccountFields, verified: VerifiedBattlenet | null, by: Requester): AccountWrite => ({
  displayName: fields.displayName,
  email: fields.email,
  discordId: fields.discordId,
  battlenetId: fields.battlenetId,
  accountStatus: fields.accountStatus,
  notes: fields.notes,
  by: actorName(by),
  battletag: verified?.battletag ?? null,
  battlenetRegion: verified?.region ?? null,
});

/** The account as the API returns it after a change: with its characters, as the view dialog opens on it. */
export const presentSaved = (db: Queryable, id: string): Promise<PlayerAccount> => readAccount(db, id);

/** Creates a player account from the validated form; audited. */
export async function createAccount(db: Db, input: PlayerAccountFields, by: Requester) {
  return db.transaction(async (tx) => {
    refuseChosenMerge(input, null);
    const { fields, verified } = await resolveBattlenet(tx, input);
    await refuseHeldIds(tx, fields, null);
    const id = await insertAccount(tx, accountWrite(fields, verified, by));
    await recordAudit(tx, {
      actor: by.actor,
      action: 'player_account.created',
      target: { type: 'player_account', id },
      details: { displayName: fields.displayName, discordId: fields.discordId, battlenetId: fields.battlenetId },
      ip: by.ip,
    });
    return presentSaved(tx, id);
  });
}

/** Replaces a player account's fields; 404 for an unknown id; audited with the fields that changed. */
export async function updateAccount(db: Db, id: string, input: PlayerAccountFields, by: Requester) {
  return db.transaction(async (tx) => {
    const before = await lockAccountRow(tx, id);
    if (!before) throw AppError.notFound(playerAccountNotFound(id));
    refuseChosenMerge(input, before);
    const { fields, verified } = await resolveBattlenet(tx, input);
    await refuseHeldIds(tx, fields, id);
    await updateAccountRow(tx, id, accountWrite(fields, verified, by));
    const changed = (
      [
        ['displayName', before.display_name, fields.displayName],
        ['email', before.email, fields.email],
        ['discordId', before.discord_id, fields.discordId],
        ['battlenetId', before.battlenet_id, fields.battlenetId],
        ['accountStatus', before.account_status, fields.accountStatus],
        ['notes', before.notes, fields.notes],
      ] as const
    )
      .filter(([, was, is]) => was !== is)
      .map(([field]) => field);
    await recordAudit(tx, {
      actor: by.actor,
      action: 'player_account.updated',
      target: { type: 'player_account', id },
      details: { displayName: fields.displayName, changed },
      ip: by.ip,
    });
    return presentSaved(tx, id);
  });
}
