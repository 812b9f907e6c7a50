import { type AdminPasskey, PASSKEY_MESSAGES, PASSKEY_RULE } from '@guildhall/contract';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import type { ColumnDef } from '@tanstack/react-table';
import { Pencil, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { usePasskeys } from '../../api/admin-passkeys';
import { Card } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { QueryState } from '../../ui/query-state';
import { AddPasskey } from './add-passkey';
import { RemovePasskeyDialog, RenamePasskeyDialog } from './passkey-dialogs';

/** When, in words, with the exact time on hover. */
function When({ iso }: { iso: string | null }) {
  if (!iso) return <span className="muted">Never</span>;
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelative(iso)}
    </time>
  );
}

/** How the browser reaches it, as the admin knows the kinds. */
function kindOf(passkey: AdminPasskey): string {
  if (passkey.isBackedUp) return 'Synced';
  if (passkey.transports.includes('internal')) return 'This device';
  if (passkey.transports.some((transport) => ['usb', 'nfc', 'ble'].includes(transport))) return 'Security key';
  if (passkey.transports.includes('hybrid')) return 'Phone';
  return 'Passkey';
}

function passkeyColumns(
  onRename: (passkey: AdminPasskey) => void,
  onRemove: (passkey: AdminPasskey) => void,
): ColumnDef<AdminPasskey>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      cell: ({ row: { original: passkey } }) => (
        <span className="passkey-name">
          <span className="table__strong">{passkey.name}</span>
          <span className="muted">{kindOf(passkey)}</span>
        </span>
      ),
    },
    { id: 'added', header: 'Added', cell: ({ row }) => <When iso={row.original.createdAt} /> },
    {
      id: 'lastUsed',
      header: 'Last used',
      cell: ({ row }) => (
        <span data-testid="passkey-last-used">
          <When iso={row.original.lastUsedAt} />
        </span>
      ),
    },
    {
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      meta: { className: 'table__actions' },
      cell: ({ row: { original: passkey } }) => (
        <>
          <button
            type="button"
            className="icon-button"
            onClick={() => onRename(passkey)}
            aria-label={`Rename ${passkey.name}`}
            title="Rename"
          >
            <Pencil size={16} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="icon-button icon-button--danger"
            onClick={() => onRemove(passkey)}
            aria-label={`Remove ${passkey.name}`}
            title="Remove"
          >
            <Trash2 size={16} aria-hidden="true" />
          </button>
        </>
      ),
    },
  ];
}

function PasskeyTable({
  passkeys,
  onRename,
  onRemove,
}: {
  passkeys: AdminPasskey[];
  onRename: (passkey: AdminPasskey) => void;
  onRemove: (passkey: AdminPasskey) => void;
}) {
  const columns = useMemo(() => passkeyColumns(onRename, onRemove), [onRename, onRemove]);
  return (
    <DataTable
      columns={columns}
      rows={passkeys}
      getRowId={(passkey) => passkey.id}
      label="Your passkeys"
      testId="passkey-table"
      rowAttributes={(passkey) => ({ 'data-testid': 'passkey-row', 'data-name': passkey.name })}
    />
  );
}

/**
 * The own passkeys: the list with when each was last used, rename and remove, and adding one (a first second factor
 * answers recovery codes, which the page shows).
 */
export function Passkeys({ onRecoveryCodes }: { onRecoveryCodes: (shown: { codes: string[]; message: string }) => void }) {
  const list = usePasskeys();
  const [renaming, setRenaming] = useState<AdminPasskey | null>(null);
  const [removing, setRemoving] = useState<AdminPasskey | null>(null);
  const passkeys = list.data ?? [];
  const isSupported = browserSupportsWebAuthn();

  return (
    <Card title="Passkeys" data-testid="passkeys">
      <p>
        A passkey signs you in with your device's screen lock, a fingerprint or a security key instead of a code. It is made for
        this site only, so a look-alike page cannot use it.
      </p>
      <QueryState
        query={list}
        loading="Loading passkeys"
        isEmpty={() => passkeys.length === 0}
        empty="No passkeys yet."
        testId="passkeys"
      >
        {() => <PasskeyTable passkeys={passkeys} onRename={setRenaming} onRemove={setRemoving} />}
      </QueryState>
      {!isSupported && (
        <p className="alert alert--warning" role="note">
          {PASSKEY_MESSAGES.unsupported}
        </p>
      )}
      {isSupported && list.isSuccess && passkeys.length < PASSKEY_RULE.maxPerAdmin && (
        <AddPasskey onRecoveryCodes={onRecoveryCodes} />
      )}
      {list.isSuccess && passkeys.length >= PASSKEY_RULE.maxPerAdmin && <p className="muted">{PASSKEY_MESSAGES.limitReached}</p>}
      {renaming && <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />}
      {removing && <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} />}
    </Card>
  );
}
