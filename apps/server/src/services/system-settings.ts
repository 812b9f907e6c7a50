import {
  SYSTEM_SETTING_MESSAGES,
  SYSTEM_SETTINGS,
  SYSTEM_SETTINGS_CACHE_MS,
  type SystemSettingDefinition,
  type SystemSettingState,
  type SystemSettingValues,
  systemSettingError,
} from '@guildhall/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../core/app-error';
import { type AuditActor, recordAudit } from '../core/audit';
import type { Db } from './db/db';

/**
 * System settings (issue 15; /admin/settings): platform settings an operator changes at run time. A value comes
 * from the environment when its variable is set (read-only), else from the system_settings row an operator saved,
 * else from its default. Each process keeps what it read for SYSTEM_SETTINGS_CACHE_MS, so another process sees a
 * save within that time and this one at once (a save empties the copy).
 */
export interface SystemSettings {
  /** The values in force, for a request to act on; never throws (an unreadable database gives defaults). */
  current(): Promise<SystemSettingValues>;
  /** Every setting with its value, default and source, in screen order. */
  list(): Promise<SystemSettingState[]>;
  /** Saves changes (null: back to the default) in one transaction, audited; 400 with a message per field. */
  update(changes: Record<string, SettingInput>, actor: { actor: AuditActor; ip?: string | null }): Promise<SystemSettingState[]>;
}

type SettingInput = string | number | boolean | null;
type Value = string | number | boolean;

interface SavedRow {
  key: string;
  value: Value;
  updated_at: Date;
  updated_by: string | null;
}

const HOUR_MS = 60 * 60 * 1000;
const DEFINITIONS = SYSTEM_SETTINGS as readonly SystemSettingDefinition[];
type Key = keyof SystemSettingValues;

/**
 * The value a setting falls back to without an environment variable or a saved row. The limits and the
 * verification rule are read from the configuration as it is now (it holds the contract's defaults, or what
 * the environment set), so a process whose configuration was adjusted after loading (tests raise the
 * per-address limits) keeps its adjusted value.
 */
function fallbackValues(config: Config): SystemSettingValues {
  const values = Object.fromEntries(DEFINITIONS.map((d) => [d.key, d.default])) as unknown as SystemSettingValues;
  return {
    ...values,
    requireEmailVerification: config.communityAuth.requireEmailVerification,
    registerRateLimit: config.communityAuth.rateLimits.registerPerIp.limit,
    adminLoginRateLimit: config.admin.loginRateLimit,
  };
}

const fromEnvironment = (config: Config): Partial<SystemSettingValues> => config.systemSettingsFromEnv;

/** Only values that still fit the catalog count: a row saved under older bounds falls back to the default. */
function usableRows(rows: readonly SavedRow[]): Map<string, SavedRow> {
  const usable = new Map<string, SavedRow>();
  for (const row of rows) if (systemSettingError(row.key, row.value) === null) usable.set(row.key, row);
  return usable;
}

export function createSystemSettings(deps: { db: Db; config: Config; log: FastifyBaseLogger }): SystemSettings {
  const { db, config, log } = deps;
  type Copy = { rows: Map<string, SavedRow>; readAt: number };
  let cached: Copy | null = null;
  let reading: Promise<Copy> | null = null;

  /** The rows, dated when the read began: a change committed while a slow read ran is not older than the copy says. */
  async function readRows(): Promise<Copy> {
    const readAt = Date.now();
    const { rows } = await db.query<SavedRow>('SELECT key, value, updated_at, updated_by FROM system_settings');
    return { rows: usableRows(rows), readAt };
  }

  /** The saved rows, from this process's copy while it is fresh; null when the database cannot be read. */
  async function savedRows(): Promise<Map<string, SavedRow> | null> {
    if (cached && Date.now() - cached.readAt < SYSTEM_SETTINGS_CACHE_MS) return cached.rows;
    reading ??= readRows().finally(() => {
      reading = null;
    });
    try {
      cached = await reading;
      return cached.rows;
    } catch (error) {
      log.warn({ err: error }, 'System settings could not be read; the defaults and the environment apply');
      return null;
    }
  }

  function valuesOf(rows: Map<string, SavedRow> | null): SystemSettingValues {
    const values: Record<string, Value> = { ...fallbackValues(config) };
    for (const [key, row] of rows ?? []) values[key] = row.value;
    return { ...(values as unknown as SystemSettingValues), ...fromEnvironment(config) };
  }

  async function list(): Promise<SystemSettingState[]> {
    cached = await readRows();
    const { rows } = cached;
    const fallback = fallbackValues(config);
    const environment = fromEnvironment(config);
    return DEFINITIONS.map((definition) => {
      const key = definition.key as Key;
      const fromEnv = environment[key];
      const row = rows.get(key);
      // The screen shows the catalog's default: what a reset gives where no variable is set.
      const base = { key, defaultValue: definition.default as SystemSettingValues[Key], envVar: definition.envVar };
      if (fromEnv !== undefined) return { ...base, value: fromEnv, source: 'environment', updatedBy: null, updatedAt: null };
      if (row) {
        return {
          ...base,
          value: row.value,
          source: 'database',
          updatedBy: row.updated_by,
          updatedAt: row.updated_at.toISOString(),
        };
      }
      return { ...base, value: fallback[key], source: 'default', updatedBy: null, updatedAt: null };
    });
  }

  async function update(
    changes: Record<string, SettingInput>,
    by: { actor: AuditActor; ip?: string | null },
  ): Promise<SystemSettingState[]> {
    const environment = fromEnvironment(config);
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(changes)) {
      const definition = DEFINITIONS.find((d) => d.key === key);
      if (!definition) fields[key] = SYSTEM_SETTING_MESSAGES.unknown;
      else if (environment[key as Key] !== undefined && definition.envVar) {
        fields[key] = SYSTEM_SETTING_MESSAGES.fromEnvironment(definition.envVar);
      } else if (value !== null) {
        const error = systemSettingError(key, value);
        if (error) fields[key] = error;
      }
    }
    throwIfAny(fields);

    const before = await list();
    const valueAfter = (key: Key): Value => {
      const change = changes[key];
      if (change === undefined) return before.find((s) => s.key === key)!.value;
      return change ?? before.find((s) => s.key === key)!.defaultValue;
    };
    const idleHours = Number(valueAfter('adminSessionIdleHours'));
    const absoluteHours = Number(valueAfter('adminSessionAbsoluteHours'));
    const touchesSessions = 'adminSessionIdleHours' in changes || 'adminSessionAbsoluteHours' in changes;
    if (touchesSessions && idleHours > absoluteHours) {
      const key = 'adminSessionIdleHours' in changes ? 'adminSessionIdleHours' : 'adminSessionAbsoluteHours';
      throwIfAny({ [key]: SYSTEM_SETTING_MESSAGES.idleBeyondAbsolute });
    }

    const updatedBy = by.actor.type === 'admin' ? by.actor.name : by.actor.type;
    const diff: Record<string, { before: Value; after: Value }> = {};
    for (const [key, change] of Object.entries(changes)) {
      const previous = before.find((s) => s.key === key)!;
      const after = change ?? previous.defaultValue;
      if (after !== previous.value || (change === null) !== (previous.source === 'default')) {
        diff[key] = { before: previous.value, after };
      }
    }
    await db.transaction(async (tx) => {
      for (const [key, change] of Object.entries(changes)) {
        if (change === null) await tx.query('DELETE FROM system_settings WHERE key = $1', [key]);
        else {
          await tx.query(
            `INSERT INTO system_settings (key, value, updated_at, updated_by) VALUES ($1, $2::jsonb, now(), $3)
             ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now(), updated_by = EXCLUDED.updated_by`,
            [key, JSON.stringify(change), updatedBy],
          );
        }
      }
      await recordAudit(tx, {
        actor: by.actor,
        action: 'system_settings.updated',
        target: { type: 'system_settings', id: 'platform' },
        details: { changes: diff },
        ip: by.ip ?? null,
      });
    });
    cached = null;
    return list();
  }

  return {
    current: async () => valuesOf(await savedRows()),
    list,
    update,
  };
}

function throwIfAny(fields: Record<string, string>) {
  const messages = Object.values(fields);
  if (messages.length > 0) throw new AppError('VALIDATION_FAILED', messages[0]!, { fields });
}

/** The admin session lengths the settings give, in milliseconds. */
export const sessionLengthsOf = (values: SystemSettingValues) => ({
  idleMs: values.adminSessionIdleHours * HOUR_MS,
  absoluteMs: values.adminSessionAbsoluteHours * HOUR_MS,
});
