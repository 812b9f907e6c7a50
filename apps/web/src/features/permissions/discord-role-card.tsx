import type { DiscordRoleMapping, GuildPermission } from '@guildhall/contract';
import { useState } from 'react';
import { useMapDiscordRoleMutation } from '../../api/guild-grants';
import { Badge } from '../../ui/badge';
import { GUILD_PERMISSION_OPTIONS } from './grant-form-modal';
import { PermissionChecklist } from './permission-checklist';

/** Discord's colour integer as a CSS colour; 0 means the role has none. */
export const roleColour = (color: number): string | null => (color === 0 ? null : `#${color.toString(16).padStart(6, '0')}`);

/** The role's own colour, as Discord shows it beside its name (drawn, so no inline style is needed). */
function ColourDot({ color }: { color: number }) {
  const colour = roleColour(color);
  return (
    <svg className={`role-dot${colour ? '' : ' role-dot--none'}`} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <circle cx="6" cy="6" r="5.5" fill={colour ?? 'currentColor'} />
    </svg>
  );
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((p) => b.includes(p));

interface DiscordRoleCardProps {
  guildId: string;
  role: DiscordRoleMapping;
}

/** One Discord role: its colour, name, members and tags, and the guild permissions it grants, saved on its own. */
export function DiscordRoleCard({ guildId, role }: DiscordRoleCardProps) {
  const map = useMapDiscordRoleMutation();
  const [draft, setDraft] = useState<string[] | null>(null);
  const shown = draft ?? role.permissions;
  const isDirty = draft !== null && !sameSet(draft, role.permissions);

  function handleSave() {
    // The checklist offers only the contract's guild permissions.
    const permissions = shown as GuildPermission[];
    map.mutate({ guildId, roleId: role.id, permissions }, { onSuccess: () => setDraft(null) });
  }

  return (
    <li className={`discord-role${isDirty ? ' discord-role--dirty' : ''}`} data-testid={`discord-role-${role.id}`}>
      <div className="discord-role__head">
        <ColourDot color={role.color} />
        <h3 className="discord-role__name">{role.name}</h3>
        <span className="muted">
          {role.memberCount.toLocaleString()} {role.memberCount === 1 ? 'member' : 'members'}
        </span>
        {role.isDiscordAdmin && <Badge tone="brand">Discord admin</Badge>}
        {role.managed && <Badge tone="neutral">Managed</Badge>}
        {isDirty && <Badge tone="warn">Unsaved</Badge>}
      </div>
      {role.isDiscordAdmin && (
        <p className="muted">
          Holders have Administrator or Manage Server in Discord, so they hold every guild permission anyway.
        </p>
      )}
      <PermissionChecklist
        legend={`Guild permissions of ${role.name}`}
        options={GUILD_PERMISSION_OPTIONS}
        selected={shown}
        onChange={setDraft}
        isDisabled={map.isPending}
      />
      <div className="discord-role__actions">
        <button
          type="button"
          className="button button--primary button--small"
          onClick={handleSave}
          disabled={!isDirty || map.isPending}
        >
          {map.isPending ? 'Saving...' : 'Save'}
          <span className="visually-hidden"> {role.name}</span>
        </button>
        {isDirty && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setDraft(null)}
            disabled={map.isPending}
          >
            Cancel
            <span className="visually-hidden"> changes to {role.name}</span>
          </button>
        )}
      </div>
    </li>
  );
}
