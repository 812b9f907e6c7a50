import {
  ROLE_SYNC_MARK_LABELS,
  ROLE_SYNC_MARKS,
  ROLE_SYNC_MESSAGES,
  ROLE_SYNC_REFUSALS,
  type RoleSyncDiscordRole,
  type RoleSyncMark,
  type RoleSyncState,
} from '@guildhall/contract';
import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { useSaveRoleSync } from '../../api/role-sync';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { FormField } from '../../ui/form-field';
import { SubmitButton } from '../../ui/submit-button';
import { ROLE_SYNC_TEXT } from './role-sync-text';

type MarkRoles = Record<RoleSyncMark, string | null>;

const rolesOf = (state: RoleSyncState): MarkRoles =>
  Object.fromEntries(ROLE_SYNC_MARKS.map((mark) => [mark, state.roles[mark] ?? null])) as MarkRoles;

/** The marks that share a role with an earlier mark: the server refuses one role for two marks. */
function sharedRoleMarks(roles: MarkRoles): RoleSyncMark[] {
  const seen = new Set<string>();
  return ROLE_SYNC_MARKS.filter((mark) => {
    const roleId = roles[mark];
    if (!roleId) return false;
    if (seen.has(roleId)) return true;
    seen.add(roleId);
    return false;
  });
}

/** A role's option: a refused role stays listed, disabled, with its reason in its text. */
function RoleOption({ role }: { role: RoleSyncDiscordRole }) {
  return (
    <option value={role.id} disabled={role.refusal !== null}>
      {role.refusal ? `${role.name} — ${role.refusal}` : role.name}
    </option>
  );
}

/** The switch and each mark's Discord role, saved together; the server's refusals show on their marks. */
export function RoleSyncForm({ guildId, state }: { guildId: string; state: RoleSyncState }) {
  const save = useSaveRoleSync(guildId);
  const [isEnabled, setIsEnabled] = useState(state.isEnabled);
  const [roles, setRoles] = useState<MarkRoles>(() => rolesOf(state));
  const [sameRole, setSameRole] = useState<RoleSyncMark[]>([]);
  const errors = fieldErrorsFromError(save.error);
  const fieldError = (mark: RoleSyncMark) =>
    sameRole.includes(mark) ? ROLE_SYNC_MESSAGES.sameRole : (errors[`roles.${mark}`] ?? errors[mark]);
  const hasFieldErrors = ROLE_SYNC_MARKS.some((mark) => fieldError(mark)) || Boolean(errors.isEnabled);
  // Highest first, as Discord lists them.
  const discordRoles = [...(state.discordRoles ?? [])].sort((a, b) => b.position - a.position);
  const isKnown = (roleId: string) => discordRoles.some((role) => role.id === roleId);

  function handleRoleChange(mark: RoleSyncMark, roleId: string) {
    setRoles((current) => ({ ...current, [mark]: roleId || null }));
    setSameRole([]);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const shared = sharedRoleMarks(roles);
    setSameRole(shared);
    if (shared.length === 0) save.mutate({ isEnabled, roles });
  }

  return (
    <form className="role-sync__form" onSubmit={handleSubmit} data-testid="role-sync-form">
      <label className="switch role-sync__switch">
        <input
          type="checkbox"
          role="switch"
          name="isEnabled"
          aria-checked={isEnabled}
          checked={isEnabled}
          onChange={(event) => setIsEnabled(event.target.checked)}
        />
        <span className="switch__track" aria-hidden="true" />
        <span className="role-sync__switch-text">
          <span className="role-sync__switch-label">{ROLE_SYNC_TEXT.enable}</span>
          <span className="role-sync__switch-hint">{ROLE_SYNC_TEXT.enableHint}</span>
        </span>
      </label>
      {errors.isEnabled && <p className="field__error">{errors.isEnabled}</p>}
      {state.discordRoles === null && state.rolesError && (
        <p className="alert alert--warning" role="note" data-testid="role-sync-roles-error">
          {state.rolesError}
        </p>
      )}
      <div className="role-sync__marks">
        {ROLE_SYNC_MARKS.map((mark) => {
          const chosen = roles[mark];
          return (
            <FormField
              key={mark}
              label={ROLE_SYNC_MARK_LABELS[mark].label}
              hint={ROLE_SYNC_MARK_LABELS[mark].holders}
              error={fieldError(mark)}
            >
              {(props) => (
                <select
                  {...props}
                  value={chosen ?? ''}
                  disabled={state.discordRoles === null}
                  onChange={(event) => handleRoleChange(mark, event.target.value)}
                  data-testid={`role-sync-${mark}`}
                >
                  <option value="">{ROLE_SYNC_TEXT.notSynced}</option>
                  {chosen && !isKnown(chosen) && (
                    <option value={chosen} disabled>
                      {`${ROLE_SYNC_TEXT.missingRole(chosen)} — ${ROLE_SYNC_REFUSALS.missing}`}
                    </option>
                  )}
                  {discordRoles.map((role) => (
                    <RoleOption key={role.id} role={role} />
                  ))}
                </select>
              )}
            </FormField>
          );
        })}
      </div>
      {save.isError && (
        <p className="alert alert--error" role="alert" data-testid="role-sync-save-error">
          {hasFieldErrors ? ROLE_SYNC_TEXT.fieldsRefused : errorMessage(save.error)}
        </p>
      )}
      <div className="form__actions">
        <SubmitButton icon={<Save size={16} aria-hidden="true" />} isBusy={save.isPending} busyLabel={ROLE_SYNC_TEXT.saving}>
          {ROLE_SYNC_TEXT.save}
        </SubmitButton>
      </div>
    </form>
  );
}
