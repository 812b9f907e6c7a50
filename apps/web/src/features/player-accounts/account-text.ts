import type { AccountStatus, PlayerAccount } from '@guildhall/contract';
import type { BadgeTone } from '../../ui/badge';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Mar 3, 2026 9:05 PM': the spec's 'MMM d, yyyy h:mm a', in the browser's time zone; the text itself when no time. */
export function formatAccountDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()} ${hour}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** How complete an account's links are (spec 2 §4): fully, partially or not linked. */
export type LinkCompleteness = 'fully' | 'partial' | 'none';

/** The account's link completeness. */
export function linkCompleteness(account: Pick<PlayerAccount, 'linkState'>): LinkCompleteness {
  if (account.linkState.fully) return 'fully';
  return account.linkState.discord || account.linkState.battlenet ? 'partial' : 'none';
}

/** The link-state badge: its text and colour. */
export const LINK_BADGES: Record<LinkCompleteness, { label: string; tone: BadgeTone }> = {
  fully: { label: 'Fully Linked', tone: 'good' },
  partial: { label: 'Partially Linked', tone: 'warn' },
  none: { label: 'Not Linked', tone: 'unknown' },
};

/** The status badge's colour. */
export const STATUS_TONES: Record<AccountStatus, BadgeTone> = {
  active: 'good',
  inactive: 'unknown',
  suspended: 'bad',
  merged: 'brand',
};

/** 'Active', 'Merged'. */
export const statusLabel = (status: AccountStatus): string => status.charAt(0).toUpperCase() + status.slice(1);

/** Discord's image service URL of an account's avatar hash, or null without one. */
export function discordAvatarUrl(account: Pick<PlayerAccount, 'discord_id' | 'discord_metadata'>): string | null {
  const hash = account.discord_metadata?.avatar;
  if (!account.discord_id || !hash) return null;
  return `https://cdn.discordapp.com/avatars/${account.discord_id}/${hash}.png?size=128`;
}

/** '@name', or '@name#1234' where the old discriminator is still in use ('0' means none). */
export function discordHandle(metadata: PlayerAccount['discord_metadata']): string | null {
  if (!metadata?.username) return null;
  const tag = metadata.discriminator && metadata.discriminator !== '0' ? `#${metadata.discriminator}` : '';
  return `@${metadata.username}${tag}`;
}

/** A rate as the statistic cards show it: '42.5%'. */
export const formatRate = (rate: number): string => `${Number.isInteger(rate) ? rate : rate.toFixed(1)}%`;

/** A character's level: the number, or '?' when unknown. */
export const levelText = (level: number | null): string => (level === null ? '?' : String(level));
