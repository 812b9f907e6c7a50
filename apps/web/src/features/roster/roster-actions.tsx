import type { RosterEntry } from '@guildhall/contract';
import { GraduationCap, Star, UserCheck, UserX } from 'lucide-react';
import { useMarkMemberMutation, useSetMainMutation } from '../../api/roster';

/** An officer's marks on a roster line: make the character its member's main, mark the member a trial or inactive. */
export function RosterActions({ guildId, entry }: { guildId: string; entry: RosterEntry }) {
  const mark = useMarkMemberMutation(guildId);
  const setMain = useSetMainMutation(guildId);
  const member = entry.member;
  if (!member) return <span className="muted">—</span>;
  const isBusy = mark.isPending || setMain.isPending;
  const buttons = [
    !member.isMain && {
      key: 'main',
      label: `Make ${entry.name} ${member.name}'s main`,
      icon: Star,
      onClick: () => setMain.mutate(entry.characterId),
    },
    {
      key: 'trial',
      label: member.isTrial ? `${member.name} is no longer a trial` : `Mark ${member.name} a trial`,
      icon: GraduationCap,
      isPressed: member.isTrial,
      onClick: () => mark.mutate({ memberId: member.id, isTrial: !member.isTrial }),
    },
    {
      key: 'inactive',
      label: member.isInactive ? `Mark ${member.name} active` : `Mark ${member.name} inactive`,
      icon: member.isInactive ? UserCheck : UserX,
      isPressed: member.isInactive,
      onClick: () => mark.mutate({ memberId: member.id, isInactive: !member.isInactive }),
    },
  ].filter((button) => button !== false);
  return (
    <div className="roster-actions">
      {buttons.map(({ key, label, icon: Icon, onClick, ...rest }) => (
        <button
          key={key}
          type="button"
          className="icon-button"
          aria-label={label}
          title={label}
          aria-pressed={'isPressed' in rest ? rest.isPressed : undefined}
          disabled={isBusy}
          onClick={onClick}
          data-testid={`roster-${key}`}
        >
          <Icon size={16} aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}
