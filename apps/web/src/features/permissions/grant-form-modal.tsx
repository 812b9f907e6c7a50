import { GUILD_GRANT_MESSAGES, GUILD_PERMISSIONS, guildGrantsApi } from '@guildhall/contract';
import { type FormEvent, useState } from 'react';
import { useGrantMutation } from '../../api/guild-grants';
import { type FieldErrors, fieldErrorsFromError, fieldErrorsFromIssues, withoutField } from '../../ui/field-errors';
import { FormModal } from '../../ui/form-modal';
import { GuildPicker } from '../../ui/guild-picker';
import { GrantUserPicker } from './grant-user-picker';
import { PermissionChecklist } from './permission-checklist';

/** The guild permissions of the contract, as the checklists offer them. */
export const GUILD_PERMISSION_OPTIONS = Object.entries(GUILD_PERMISSIONS).map(([name, description]) => ({ name, description }));

interface GrantFormModalProps {
  /** The guild in view, chosen to begin with. */
  guild: { id: string; name: string } | null;
  onClose: () => void;
}

/** Grant a community user permissions in a guild: guild, user and permissions, with the contract's messages. */
export function GrantFormModal({ guild: initialGuild, onClose }: GrantFormModalProps) {
  const grant = useGrantMutation();
  const [guild, setGuild] = useState(initialGuild);
  const [user, setUser] = useState<{ id: string; username: string } | null>(null);
  const [permissions, setPermissions] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (grant.isPending) return;
    const parsed = guildGrantsApi.create.body.safeParse({ guildId: guild?.id ?? '', userId: user?.id ?? '', permissions });
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    grant.mutate(parsed.data, { onSuccess: onClose, onError: (error) => setErrors(fieldErrorsFromError(error)) });
  }

  return (
    <FormModal
      title="Grant guild permissions"
      size="md"
      onClose={onClose}
      onSubmit={handleSubmit}
      submitLabel="Grant"
      busyLabel="Granting..."
      isBusy={grant.isPending}
      testId="grant-form"
    >
      <GuildPicker
        guildId={guild?.id ?? null}
        guildName={guild?.name ?? ''}
        onChange={(next) => {
          setGuild(next);
          setErrors((current) => withoutField(current, 'guildId'));
        }}
        placeholder={GUILD_GRANT_MESSAGES.guildRequired}
        error={errors.guildId}
        testId="grant-guild"
      />
      <GrantUserPicker
        userId={user?.id ?? null}
        username={user?.username ?? ''}
        onChange={(next) => {
          setUser(next);
          setErrors((current) => withoutField(current, 'userId'));
        }}
        error={errors.userId}
      />
      <PermissionChecklist
        legend="Permissions"
        options={GUILD_PERMISSION_OPTIONS}
        selected={permissions}
        onChange={(next) => {
          setPermissions(next);
          setErrors((current) => withoutField(current, 'permissions'));
        }}
        error={errors.permissions}
        testId="grant-permissions"
      />
      <p className="muted">Permissions the user already holds in this guild stay as they are.</p>
    </FormModal>
  );
}
