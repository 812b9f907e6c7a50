import { GUILD_MESSAGES, type GuildDuplicateRefusal, type GuildInput, type GuildTenant } from '@guildhall/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { duplicateGuildOf, hasFieldErrors, useCreateGuildMutation, useUpdateGuildMutation } from '../../api/guild-mutations';
import { FormModal } from '../../ui/form-modal';
import { useToast } from '../../ui/toast-context';
import { DuplicateGuildConfirm } from './duplicate-guild-confirm';
import type { GuildFormBinding } from './guild-form-controls';
import { BasicInformationSection, ContactInformationSection, GuildConfigurationSection } from './guild-form-sections';
import {
  emptyGuildForm,
  formFieldErrors,
  type GuildFieldErrors,
  type GuildFormValues,
  guildToForm,
  validateGuildForm,
} from './guild-form-values';

interface GuildFormModalProps {
  /** The guild to edit; absent to create one. */
  guild?: GuildTenant;
  onClose: () => void;
}

/** Create or edit a guild tenant in a large modal: three sections, the contract's rules, the server's field errors. */
export function GuildFormModal({ guild, onClose }: GuildFormModalProps) {
  const toast = useToast();
  const create = useCreateGuildMutation();
  const update = useUpdateGuildMutation();
  const [values, setValues] = useState<GuildFormValues>(() => (guild ? guildToForm(guild) : emptyGuildForm()));
  const [errors, setErrors] = useState<GuildFieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  // A create the server refused as a duplicate: the question, and the body to send again once confirmed.
  const [duplicate, setDuplicate] = useState<{ refusal: GuildDuplicateRefusal; body: GuildInput } | null>(null);
  const isSaving = create.isPending || update.isPending;

  // After a refused submit, take the admin to the first field with a message (it may be scrolled away).
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);
  const isEditing = guild !== undefined;

  const form: GuildFormBinding = {
    values,
    errors,
    onChange: (field, value) => {
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    },
  };

  function handleError(error: unknown) {
    if (!hasFieldErrors(error)) return;
    setErrors(formFieldErrors(error.fields));
    setFocusRequest((count) => count + 1);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    const result = validateGuildForm(values);
    if (!result.success) {
      setErrors(result.errors);
      setFocusRequest((count) => count + 1);
      toast.error(GUILD_MESSAGES.fixErrors);
      return;
    }
    setErrors({});
    if (guild) update.mutate({ id: guild.id, body: result.body }, { onSuccess: onClose, onError: handleError });
    else {
      const body = result.body;
      create.mutate(body, {
        onSuccess: onClose,
        onError: (error) => {
          const refusal = duplicateGuildOf(error);
          if (refusal) setDuplicate({ refusal, body });
          else handleError(error);
        },
      });
    }
  }

  function handleConfirmDuplicate() {
    if (!duplicate) return;
    create.mutate(
      { ...duplicate.body, confirmDuplicate: true },
      {
        onSuccess: () => {
          setDuplicate(null);
          onClose();
        },
        onError: (error) => {
          setDuplicate(null);
          handleError(error);
        },
      },
    );
  }

  return (
    <>
      <FormModal
        title={isEditing ? `Edit Guild: ${guild.guild_name}` : 'Create Guild'}
        size="lg"
        onClose={onClose}
        onSubmit={handleSubmit}
        submitLabel={isEditing ? 'Update Guild' : 'Create Guild'}
        busyLabel="Saving..."
        isBusy={isSaving}
        className="guild-form"
        testId="guild-form"
        formRef={formRef}
      >
        <BasicInformationSection form={form} />
        <GuildConfigurationSection form={form} />
        <ContactInformationSection form={form} />
      </FormModal>
      {/* Beside the form's dialog, not inside it: Escape on the question must not close the form too. */}
      <DuplicateGuildConfirm
        duplicate={duplicate?.refusal ?? null}
        isBusy={create.isPending}
        onConfirm={handleConfirmDuplicate}
        onClose={() => setDuplicate(null)}
      />
    </>
  );
}
