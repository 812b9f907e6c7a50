import { type ConfigTemplate, findSettingCategory } from '@guildhall/contract';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { useApplyTemplate, useConfigTemplates, useCreateTemplate, useDeleteTemplate } from '../../api/guild-config';
import { Card } from '../../ui/card';
import { ConfirmModal } from '../../ui/confirm-modal';
import { fieldErrorsFromError, withoutField } from '../../ui/field-errors';
import { FormField } from '../../ui/form-field';
import { formatDateTime } from '../../ui/format-date';
import { Modal } from '../../ui/modal';
import { QueryCard } from '../../ui/query-card';
import { ApplyButtons, ApplyPreview, ModeChoice, useApplyChoice } from './apply-preview';
import { formatSettingValue } from './config-form';
import { GuildMultiSelect } from './guild-picker';
import '../../styles/setting-input.css';

/** What a template sets, category by category. */
function TemplateSettings({ template }: { template: ConfigTemplate }) {
  const entries = Object.entries(template.settings).flatMap(([category, settings]) =>
    Object.entries(settings ?? {}).map(([key, value]) => ({ category, key, value })),
  );
  if (entries.length === 0) return <p className="muted">No settings.</p>;
  return (
    <ul className="config-template__settings">
      {entries.map(({ category, key, value }) => {
        const cat = findSettingCategory(category);
        const definition = cat?.settings.find((s) => s.key === key);
        return (
          <li key={`${category}.${key}`}>
            <span className="muted">{cat?.label ?? category} ·</span> {definition?.label ?? key}:{' '}
            <strong>{formatSettingValue(value, definition)}</strong>
          </li>
        );
      })}
    </ul>
  );
}

/** Create from the selected guild. */
function CreateTemplateForm({ guild }: { guild: { id: string; name: string } | null }) {
  const create = useCreateTemplate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!guild) return;
    create.mutate(
      { name, description, fromGuildId: guild.id },
      {
        onSuccess: () => {
          setName('');
          setDescription('');
          setErrors({});
        },
        onError: (error) => setErrors(fieldErrorsFromError(error)),
      },
    );
  }

  return (
    <Card title="New template" data-testid="create-template">
      {guild ? (
        <form className="form" noValidate onSubmit={submit}>
          <p className="muted">
            Copies the overrides of <strong>{guild.name}</strong> (secrets are left out).
          </p>
          <FormField label="Template name" error={errors.name} isRequired>
            {(control) => (
              <input
                {...control}
                value={name}
                maxLength={100}
                onChange={(event) => {
                  setName(event.target.value);
                  setErrors((e) => withoutField(e, 'name'));
                }}
              />
            )}
          </FormField>
          <FormField label="Description" error={errors.description}>
            {(control) => (
              <textarea
                {...control}
                className="input config-textarea"
                rows={2}
                maxLength={500}
                value={description}
                onChange={(event) => setDescription(event.target.value)}
              />
            )}
          </FormField>
          {errors.settings && (
            <p className="alert alert--error" role="alert">
              {errors.settings}
            </p>
          )}
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={create.isPending}>
              <Plus size={16} aria-hidden="true" />
              {create.isPending ? 'Creating...' : `Create from ${guild.name}`}
            </button>
          </div>
        </form>
      ) : (
        <p className="muted">Choose a guild in the Settings view to make a template of its overrides.</p>
      )}
    </Card>
  );
}

/** Apply a template to several guilds: choose, preview, apply. */
function ApplyTemplateModal({ template, onClose }: { template: ConfigTemplate | null; onClose: () => void }) {
  const apply = useApplyTemplate();
  const { guilds, mode, preview, setPreview, guildsProps, modeProps, reset } = useApplyChoice();

  function close() {
    reset();
    apply.reset();
    onClose();
  }

  function run(isPreview: boolean) {
    if (!template) return;
    apply.mutate(
      { id: template.id, guildIds: guilds.map((g) => g.id), mode, preview: isPreview },
      { onSuccess: (answer) => (answer.applied ? close() : setPreview(answer)) },
    );
  }

  return (
    <Modal
      isOpen={template !== null}
      title={`Apply ${template?.name ?? 'template'}`}
      size="lg"
      onClose={close}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={close} disabled={apply.isPending}>
            Cancel
          </button>
          <ApplyButtons
            onRun={run}
            canPreview={!apply.isPending && guilds.length > 0}
            canApply={!apply.isPending && preview !== null}
            guildCount={guilds.length}
            busyLabel={apply.isPending ? 'Applying...' : null}
          />
        </>
      }
    >
      {template && <TemplateSettings template={template} />}
      <GuildMultiSelect label="Guilds" {...guildsProps} testId="apply-guilds" />
      <ModeChoice {...modeProps} />
      {apply.isError && (
        <p className="alert alert--error" role="alert">
          {errorMessage(apply.error)}
        </p>
      )}
      {preview ? <ApplyPreview answer={preview} /> : <p className="muted">Preview the changes before applying them.</p>}
    </Modal>
  );
}

/** Templates: the list, a new one from the selected guild, apply to many with a preview, delete. */
export function TemplatesPanel({ guild, canEdit }: { guild: { id: string; name: string } | null; canEdit: boolean }) {
  const templates = useConfigTemplates();
  const remove = useDeleteTemplate();
  const [applying, setApplying] = useState<ConfigTemplate | null>(null);
  const [deleting, setDeleting] = useState<ConfigTemplate | null>(null);
  const list = templates.data?.templates ?? [];

  return (
    <div className="config-columns">
      <QueryCard
        title="Templates"
        query={templates}
        loading="Loading templates..."
        errorTitle="Failed to load templates"
        isEmpty={() => list.length === 0}
        empty="No templates yet."
        testId="templates"
      >
        {() => (
          <ul className="config-templates">
            {list.map((template) => (
              <li key={template.id} className="config-template" data-testid="template">
                <div className="config-template__head">
                  <h3 className="config-template__name">{template.name}</h3>
                  <span className="muted">
                    {formatDateTime(template.createdAt)}
                    {template.createdBy ? ` by ${template.createdBy}` : ''}
                  </span>
                </div>
                {template.description && <p>{template.description}</p>}
                <TemplateSettings template={template} />
                {canEdit && (
                  <div className="config-template__actions">
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() => setApplying(template)}
                    >
                      Apply to guilds
                    </button>
                    <button
                      type="button"
                      className="button button--danger-outline button--small"
                      onClick={() => setDeleting(template)}
                      aria-label={`Delete ${template.name}`}
                    >
                      <Trash2 size={14} aria-hidden="true" />
                      Delete
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryCard>
      {canEdit && <CreateTemplateForm guild={guild} />}
      <ApplyTemplateModal template={applying} onClose={() => setApplying(null)} />
      <ConfirmModal
        isOpen={deleting !== null}
        title="Delete template"
        confirmLabel="Delete template"
        busyLabel="Deleting..."
        isBusy={remove.isPending}
        isDanger
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        testId="delete-template"
      >
        <p>
          Delete the template <strong>{deleting?.name}</strong>? Guilds it was applied to keep their settings.
        </p>
      </ConfirmModal>
    </div>
  );
}
