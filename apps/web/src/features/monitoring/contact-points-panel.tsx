import { CONTACT_POINT_KIND_LABELS, type ContactPoint } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useContactPoints, useDeleteContactPoint, useTestContactPoint } from '../../api/alert-delivery';
import { useAbilities } from '../../auth/abilities';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { ConfirmItemModal } from '../../ui/confirm-modal';
import { DataTable } from '../../ui/data-table';
import { formatStatus } from '../../ui/format';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { Modal } from '../../ui/modal';
import { DELIVERY_TONES } from './alert-severity';
import { ContactPointForm } from './contact-point-form';

interface RowActions {
  onEdit: (contact: ContactPoint) => void;
  onTest: (contact: ContactPoint) => void;
  onDelete: (contact: ContactPoint) => void;
  testingId: string | null;
}

function contactColumns(actions: RowActions | null): ColumnDef<ContactPoint>[] {
  const columns: ColumnDef<ContactPoint>[] = [
    {
      id: 'name',
      header: 'Contact point',
      cell: ({ row: { original: contact } }) => (
        <>
          <strong>{contact.name}</strong>
          {!contact.isEnabled && <span className="muted"> (disabled)</span>}
          <div className="muted">
            {CONTACT_POINT_KIND_LABELS[contact.kind]}: {contact.target}
            {contact.kind === 'webhook' && (contact.hasSecret ? ' · secret set' : ' · unsigned')}
          </div>
        </>
      ),
    },
    {
      id: 'routing',
      header: 'Routing',
      cell: ({ row: { original: contact } }) => (
        <>
          <div>{contact.severities.map(formatStatus).join(', ')}</div>
          <div className="muted">
            {contact.ruleIds === null ? 'Every rule' : `Rules: ${contact.ruleIds.join(', ') || 'none'}`}
          </div>
          {contact.repeatHours && <div className="muted">Repeats every {contact.repeatHours} h</div>}
        </>
      ),
    },
    {
      id: 'last',
      header: 'Last delivery',
      cell: ({ row: { original: contact } }) => {
        const last = contact.lastDelivery;
        if (!last) return <span className="muted">None yet</span>;
        return (
          <>
            <Badge tone={DELIVERY_TONES[last.status]}>{formatStatus(last.status)}</Badge>{' '}
            <time dateTime={last.at} title={formatDateTime(last.at)}>
              {formatRelative(last.at)}
            </time>
            {last.error && <div className="alerts-answer">{last.error}</div>}
          </>
        );
      },
    },
  ];
  if (!actions) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      cell: ({ row: { original: contact } }) => (
        <div className="alerts-actions">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => actions.onTest(contact)}
            disabled={actions.testingId === contact.id}
          >
            {actions.testingId === contact.id ? 'Sending...' : 'Send test'}
            <span className="visually-hidden"> to {contact.name}</span>
          </button>
          <button type="button" className="button button--secondary button--small" onClick={() => actions.onEdit(contact)}>
            Edit<span className="visually-hidden"> {contact.name}</span>
          </button>
          <button type="button" className="button button--danger button--small" onClick={() => actions.onDelete(contact)}>
            Delete<span className="visually-hidden"> {contact.name}</span>
          </button>
        </div>
      ),
    },
  ];
}

/** Where alerts go: each contact point with its routing and last delivery; created, edited, tested and deleted here. */
export function ContactPointsPanel() {
  const contacts = useContactPoints();
  const canEdit = useAbilities().can('editAlertRules');
  const test = useTestContactPoint();
  const remove = useDeleteContactPoint();
  const [editing, setEditing] = useState<ContactPoint | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ContactPoint | null>(null);
  const [outcome, setOutcome] = useState<{ message: string; isSent: boolean } | null>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const testingId = test.isPending ? (test.variables ?? null) : null;

  const columns = useMemo(
    () =>
      contactColumns(
        canEdit
          ? {
              onEdit: setEditing,
              onDelete: setDeleting,
              onTest: (contact) =>
                test.mutate(contact.id, {
                  onSuccess: (answer) => setOutcome({ message: answer.message, isSent: answer.delivery.status === 'sent' }),
                }),
              testingId,
            }
          : null,
      ),
    [canEdit, test.mutate, testingId],
  );

  return (
    <Card
      title="Contact points"
      actions={
        canEdit ? (
          <button type="button" className="button button--primary button--small" onClick={() => setEditing('new')}>
            New contact point
          </button>
        ) : (
          <span className="muted">Read-only: changing contact points needs admin.system_config</span>
        )
      }
      data-testid="contact-points"
    >
      {outcome && (
        <p
          className={outcome.isSent ? 'alerts-outcome' : 'alerts-outcome alerts-outcome--failed'}
          role="status"
          data-testid="test-outcome"
        >
          {outcome.message}
        </p>
      )}
      <DataTable
        columns={columns}
        rows={contacts.data?.contactPoints ?? []}
        getRowId={(contact) => contact.id}
        label="Contact points"
        isStacked
        isBusy={contacts.isFetching}
        rowAttributes={(contact) => ({ 'data-testid': 'contact-point-row', 'data-name': contact.name })}
        state={{
          query: contacts,
          loading: 'Loading contact points...',
          errorText: 'Failed to load contact points',
          empty: 'No contact points: alerts reach only those watching this console.',
        }}
      />
      {editing && (
        <ContactPointForm
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSecret={(name, value) => setSecret({ name, secret: value })}
        />
      )}
      <ConfirmItemModal
        item={deleting}
        mutation={remove}
        title="Delete this contact point?"
        confirmLabel="Delete contact point"
        busyLabel="Deleting..."
        isDanger
        onClose={() => setDeleting(null)}
        testId="confirm-delete-contact-point"
      >
        <p>{deleting?.name} will hear of no more alerts, and its delivery history goes with it. The deletion is audited.</p>
      </ConfirmItemModal>
      <Modal
        isOpen={secret !== null}
        title="Signing secret"
        size="md"
        onClose={() => setSecret(null)}
        footer={
          <button type="button" className="button button--primary" onClick={() => setSecret(null)}>
            Done
          </button>
        }
      >
        <p>{secret?.name} signs every delivery with this secret. Give it to the receiver now: it is not shown again.</p>
        <code className="alerts-secret" data-testid="signing-secret">
          {secret?.secret}
        </code>
      </Modal>
    </Card>
  );
}
