import { type ConfigVersion, findSetting, type SettingCategory } from '@guildhall/contract';
import { History } from 'lucide-react';
import { useState } from 'react';
import { useConfigVersions, useRollback } from '../../api/guild-config';
import { Badge } from '../../ui/badge';
import { ConfirmModal } from '../../ui/confirm-modal';
import { formatDateTime } from '../../ui/format-date';
import { QueryCard } from '../../ui/query-card';
import { formatSettingValue } from './config-form';

const ACTION_LABELS: Record<ConfigVersion['action'], string> = {
  update: 'Changed',
  reset: 'Reset',
  rollback: 'Rolled back',
  bulk: 'Bulk update',
  template: 'Template',
};

/** A version's changes, each setting before → after. */
export function ChangeList({ changes }: { changes: ConfigVersion['changes'] }) {
  if (changes.length === 0) return <p className="muted">No changes.</p>;
  return (
    <ul className="config-diff">
      {changes.map((change) => {
        const definition = findSetting(change.category, change.key);
        return (
          <li key={`${change.category}.${change.key}`} className="config-diff__item">
            <span className="config-diff__key">{definition?.label ?? change.key}</span>
            <del className="config-diff__before">{formatSettingValue(change.before, definition)}</del>
            <span aria-hidden="true">→</span>
            <span className="visually-hidden">to</span>
            <ins className="config-diff__after">{formatSettingValue(change.after, definition)}</ins>
          </li>
        );
      })}
    </ul>
  );
}

/** The category's kept versions, newest first, each with its diff and a rollback. */
export function HistoryPanel({
  guildId,
  category,
  currentVersion,
  canEdit,
}: {
  guildId: string;
  category: SettingCategory;
  currentVersion: number;
  canEdit: boolean;
}) {
  const versions = useConfigVersions(guildId, category.id);
  const rollback = useRollback(guildId);
  const [target, setTarget] = useState<number | null>(null);
  const list = versions.data?.versions ?? [];
  const showOriginal = currentVersion > 0 && !list.some((version) => version.version === 0);

  return (
    <QueryCard
      title={
        <>
          <History size={18} aria-hidden="true" /> {category.label} history
        </>
      }
      query={versions}
      loading="Loading versions..."
      errorTitle="Failed to load the history"
      isEmpty={() => list.length === 0}
      empty="No changes yet: every setting follows its default."
      testId="config-history"
      footer={
        <ConfirmModal
          isOpen={target !== null}
          title="Roll back"
          confirmLabel={`Roll back to version ${target ?? ''}`}
          busyLabel="Rolling back..."
          isBusy={rollback.isPending}
          onClose={() => setTarget(null)}
          onConfirm={() =>
            target !== null && rollback.mutate({ category: category.id, version: target }, { onSuccess: () => setTarget(null) })
          }
          testId="rollback"
        >
          <p>
            The {category.label} settings go back to how they were at version {target}. This is kept as a new version, so it can
            be undone the same way.
          </p>
        </ConfirmModal>
      }
    >
      {() => (
        <ol className="config-versions" aria-label={`${category.label} versions, newest first`}>
          {list.map((version) => (
            <li key={version.version} className="config-version" data-testid={`version-${version.version}`}>
              <div className="config-version__head">
                <strong>Version {version.version}</strong>
                <Badge tone={version.action === 'rollback' || version.action === 'reset' ? 'warn' : 'neutral'}>
                  {version.action === 'rollback' && version.note
                    ? `Rolled back to version ${version.note}`
                    : `${ACTION_LABELS[version.action]}${version.note ? `: ${version.note}` : ''}`}
                </Badge>
                {version.version === currentVersion && <Badge tone="good">Current</Badge>}
                <span className="muted">
                  {formatDateTime(version.changedAt)} by {version.changedBy ?? 'system'}
                </span>
              </div>
              <ChangeList changes={version.changes} />
              {canEdit && version.version !== currentVersion && (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setTarget(version.version)}
                >
                  Roll back to this version
                </button>
              )}
            </li>
          ))}
          {showOriginal && (
            <li className="config-version" data-testid="version-0">
              <div className="config-version__head">
                <strong>Version 0</strong>
                <span className="muted">Before any change: every setting at its default</span>
              </div>
              {canEdit && (
                <button type="button" className="button button--secondary button--small" onClick={() => setTarget(0)}>
                  Roll back to this version
                </button>
              )}
            </li>
          )}
        </ol>
      )}
    </QueryCard>
  );
}
