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

const battletagOf = (verified: VerifiedBattlenet | null) => verified?.battletag ?? null;
const regionOf = (verified: VerifiedBattlenet | null) => verified?.region ?? null;

/** The account as the API returns it after a change: with its characters, as the view dialog opens on it. */
export const presentSaved = (db: Queryable, id: string): Promise<PlayerAccount> => readAccount(db, id);

/** Creates a player account from the validated form; audited. */
export async function createAccount(db: Db, input: PlayerAccountFields, by: Requester) {
  return db.transaction(async (tx) => {
    refuseChosenMerge(input, null);
    const { fields, verified } = await resolveBattlenet(tx, input);
    await refuseHeldIds(tx, fields, null);
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO player_accounts (display_name, email, discord_id, discord_linked_at, battlenet_id, battlenet_linked_at,
                                    battletag, battlenet_region, account_status, notes, created_by, updated_by)
       VALUES ($1, $2, $3, CASE WHEN $3::text IS NOT NULL THEN now() END, $4, CASE WHEN $4::text IS NOT NULL THEN now() END,
               $8, $9, $5, $6, $7, $7)
       RETURNING id`,
      [
        fields.displayName,
        fields.email,
        fields.discordId,
        fields.battlenetId,
        fields.accountStatus,
        fields.notes,
        actorName(by),
        battletagOf(verified),
        regionOf(verified),
      ],
    );
    const id = rows[0]!.id;
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
    const { rows } = await tx.query<PlayerAccountRow>('SELECT * FROM player_accounts WHERE id = $1 FOR UPDATE', [id]);
    const before = rows[0];
    if (!before) throw AppError.notFound(playerAccountNotFound(id));
    refuseChosenMerge(input, before);
    const { fields, verified } = await resolveBattlenet(tx, input);
    await refuseHeldIds(tx, fields, id);
    // A changed id is a new link: its time restarts, and a Battle.net id that changes loses the old BattleTag unless
    // a member verified the new one (then its BattleTag and region are stored).
    await tx.query(
      `UPDATE player_accounts
          SET display_name = $2, email = $3, account_status = $6, notes = $7, updated_by = $8, updated_at = now(),
              discord_linked_at = CASE WHEN $4::text IS NULL THEN NULL
                                       WHEN discord_id IS DISTINCT FROM $4 THEN now() ELSE discord_linked_at END,
              discord_profile = CASE WHEN discord_id IS DISTINCT FROM $4 THEN NULL ELSE discord_profile END,
              discord_id = $4,
              battletag = CASE WHEN $9::text IS NOT NULL THEN $9
                               WHEN battlenet_id IS DISTINCT FROM $5 THEN NULL ELSE battletag END,
              battlenet_region = CASE WHEN $10::text IS NOT NULL THEN $10
                                      WHEN battlenet_id IS DISTINCT FROM $5 THEN NULL ELSE battlenet_region END,
              battlenet_linked_at = CASE WHEN $5::text IS NULL THEN NULL
                                         WHEN battlenet_id IS DISTINCT FROM $5 THEN now() ELSE battlenet_linked_at END,
              battlenet_id = $5
        WHERE id = $1`,
      [
        id,
        fields.displayName,
        fields.email,
        fields.discordId,
        fields.battlenetId,
        fields.accountStatus,
        fields.notes,
        actorName(by),
        battletagOf(verified),
        regionOf(verified),
      ],
    );
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
