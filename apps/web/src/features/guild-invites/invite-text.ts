import { type GuildInvite, INVITE_EXPIRY_CHOICES, INVITE_MAX_USES_CHOICES, type InviteStatus } from '@guildhall/contract';
import type { BadgeTone } from '../../ui/badge';

/** '1 use (single use)', '5 uses'... for the use-limit select. */
export const MAX_USES_OPTIONS = INVITE_MAX_USES_CHOICES.map((uses) => ({
  value: String(uses),
  label: uses === 1 ? '1 use (single use)' : `${uses} uses`,
}));

/** '1 hour', '1 day', '7 days', '30 days' for the expiry select. */
export const EXPIRY_OPTIONS = Object.entries(INVITE_EXPIRY_CHOICES).map(([value, choice]) => ({ value, label: choice.label }));

/** How each status reads on its badge, and its colour. */
export const STATUS_BADGES: Readonly<Record<InviteStatus, { label: string; tone: BadgeTone }>> = {
  active: { label: 'Active', tone: 'good' },
  expired: { label: 'Expired', tone: 'unknown' },
  revoked: { label: 'Revoked', tone: 'bad' },
  used_up: { label: 'Used up', tone: 'warn' },
};

/** The part of a link the list can show: '/join/AbCd…' (the rest of the code was shown once). */
export const linkHint = (invite: Pick<GuildInvite, 'codeHint'>) => `/join/${invite.codeHint}…`;

/** '0 / 1 use', '3 / 25 uses'. */
export const usesText = (invite: Pick<GuildInvite, 'uses' | 'maxUses'>) =>
  `${invite.uses} / ${invite.maxUses} ${invite.maxUses === 1 ? 'use' : 'uses'}`;
