import { REDIS_MESSAGES, type RedisBytes, type RedisEdit, type RedisKeyValue } from '@guildhall/contract';
import { RefreshCw, Timer, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { ConfirmModal } from '../../ui/confirm-modal';
import { formatBytes } from '../../ui/format-number';
import { LoadMore } from '../../ui/pagination';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast-context';
import { useDocumentVisible, useNow } from '../database-manager/live-database';
import { ELEMENT_KINDS, elementRows } from './element-kinds';
import { ElementTable } from './element-table';
import { keyName } from './key-display';
import { KeyTypeIcon, TYPE_LABELS } from './key-type-icon';
import { type KeyRef, useDeleteKey, useRedisKeyValue, useSetTtl, useUpdateKey } from './redis-api';
import { RedisBanner } from './redis-banner';
import { StreamValue } from './stream-value';
import { StringValue } from './string-value';
import { remainingTtl, ttlText } from './ttl';
import { TtlDialog } from './ttl-dialog';

type ValuePage = RedisKeyValue & { readAt: number };

interface KeyDetailProps {
  database: number;
  entry: KeyRef;
  onDeleted: () => void;
}

/** How much of the value is on screen, for the Load more line. */
function shownText(pages: readonly ValuePage[]): string {
  const first = pages[0];
  if (!first) return '';
  if (first.type === 'string') {
    const bytes = pages.reduce((sum, page) => {
      if (page.type !== 'string') return sum;
      return sum + (typeof page.value === 'string' ? new TextEncoder().encode(page.value).length : page.value.hex.length / 2);
    }, 0);
    return `Showing ${formatBytes(bytes)} of ${formatBytes(first.length)}`;
  }
  const count = pages.reduce((sum, page) => sum + (Array.isArray(page.value) ? page.value.length : 0), 0);
  return `Showing ${count.toLocaleString('en-US')} of ${first.length.toLocaleString('en-US')}`;
}

/**
 * One key: its type, TTL counting down, size and value by type (paged: 500 elements or 64 KiB at a time), with
 * Edit/Save/Cancel, Set TTL and Delete Key (confirmed). Failures show in the red banner with the spec's words.
 */
export function KeyDetail({ database, entry, onDeleted }: KeyDetailProps) {
  const value = useRedisKeyValue(database, entry);
  const deleteKey = useDeleteKey(database);
  const setTtl = useSetTtl(database);
  const update = useUpdateKey(database);
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const [isAskingDelete, setIsAskingDelete] = useState(false);
  const [isSettingTtl, setIsSettingTtl] = useState(false);
  const name = keyName(entry);
  const pages = (value.data?.pages ?? []).filter((page): page is ValuePage => page !== null);
  const first = pages[0];
  const { refetch } = value;

  function handleDelete() {
    setFailure(null);
    deleteKey.mutate(entry, {
      onSuccess: () => {
        toast.success(REDIS_MESSAGES.keyDeleted(name));
        onDeleted();
      },
      onError: (error) => setFailure(REDIS_MESSAGES.deleteKeyFailed(errorMessage(error))),
      onSettled: () => setIsAskingDelete(false),
    });
  }

  function handleTtl(seconds: number | null) {
    setFailure(null);
    setTtl.mutate(
      { ref: entry, ttl: seconds },
      {
        onSuccess: () => toast.success(seconds === null ? REDIS_MESSAGES.ttlRemoved : REDIS_MESSAGES.ttlSet(seconds)),
        onError: (error) => setFailure(REDIS_MESSAGES.setTtlFailed(errorMessage(error))),
        onSettled: () => setIsSettingTtl(false),
      },
    );
  }

  async function save(change: { value?: RedisBytes; edits?: RedisEdit[] }): Promise<boolean> {
    setFailure(null);
    try {
      await update.mutateAsync({ ref: entry, ...change });
      toast.success(REDIS_MESSAGES.keyUpdated);
      return true;
    } catch (error) {
      setFailure(REDIS_MESSAGES.updateKeyFailed(errorMessage(error)));
      return false;
    }
  }

  return (
    <section className="card redis-detail" aria-labelledby="redis-detail-title" data-testid="redis-key-detail">
      <header className="redis-detail__header">
        <h2 id="redis-detail-title" className="card__title redis-detail__title">
          {first && <KeyTypeIcon type={first.type} />}
          <span className="redis-mono">{name}</span>
        </h2>
        <div className="redis-actions">
          <button type="button" className="button button--secondary button--small" onClick={() => void refetch()}>
            <RefreshCw size={14} aria-hidden="true" />
            Reload
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={!first}
            onClick={() => setIsSettingTtl(true)}
          >
            <Timer size={14} aria-hidden="true" />
            Set TTL
          </button>
          <button
            type="button"
            className="button button--danger-outline button--small"
            disabled={!first}
            onClick={() => setIsAskingDelete(true)}
          >
            <Trash2 size={14} aria-hidden="true" />
            Delete Key
          </button>
        </div>
      </header>
      {failure && <RedisBanner text={failure} />}
      {value.isError && <RedisBanner text={REDIS_MESSAGES.loadKeyValueFailed(errorMessage(value.error))} />}
      {value.isPending && <Spinner label="Loading value..." />}
      {first && (
        <>
          <dl className="redis-facts">
            <div>
              <dt>Type</dt>
              <dd>{TYPE_LABELS[first.type]}</dd>
            </div>
            <div>
              <dt>TTL</dt>
              <dd data-testid="redis-detail-ttl">
                <RemainingTtl ttl={first.ttl} readAt={first.readAt} onExpired={refetch} />
              </dd>
            </div>
            <div>
              <dt>{first.type === 'string' ? 'Size' : 'Length'}</dt>
              <dd>{first.type === 'string' ? formatBytes(first.length) : first.length.toLocaleString('en-US')}</dd>
            </div>
          </dl>
          <ValueBody pages={pages} isComplete={!value.hasNextPage} isBusy={update.isPending} onSave={save} />
          <LoadMore
            hasMore={value.hasNextPage}
            isLoading={value.isFetchingNextPage}
            onLoadMore={() => void value.fetchNextPage()}
            summary={shownText(pages)}
          />
        </>
      )}
      <ConfirmModal
        isOpen={isAskingDelete}
        title="Delete this key?"
        confirmLabel="Delete Key"
        busyLabel="Deleting..."
        isBusy={deleteKey.isPending}
        isDanger
        onConfirm={handleDelete}
        onClose={() => setIsAskingDelete(false)}
        testId="confirm-delete-key"
      >
        <p className="redis-mono">{name}</p>
        <p>The key and its value are removed from database {database}. This is audited.</p>
      </ConfirmModal>
      <TtlDialog
        isOpen={isSettingTtl}
        keyName={name}
        hasTtl={(first?.ttl ?? -1) > 0}
        isBusy={setTtl.isPending}
        onSubmit={handleTtl}
        onClose={() => setIsSettingTtl(false)}
      />
    </section>
  );
}

/**
 * A TTL counting down from when the server read it. It ticks on its own, so the value beside it is not drawn
 * again each second; when it runs out the key is read again, so the pane says it is gone.
 */
function RemainingTtl({ ttl, readAt, onExpired }: { ttl: number; readAt: number; onExpired: () => unknown }) {
  const left = remainingTtl(ttl, readAt, useNow(useDocumentVisible()));
  useEffect(() => {
    if (ttl > 0 && left === 0) void onExpired();
  }, [ttl, left, onExpired]);
  return left > 0 ? ttlText(left) : left === 0 ? 'Expired' : 'No expiry';
}

interface ValueBodyProps {
  pages: readonly ValuePage[];
  isComplete: boolean;
  isBusy: boolean;
  onSave: (change: { value?: RedisBytes; edits?: RedisEdit[] }) => Promise<boolean>;
}

/** The value by its type: a string's text, a collection's elements, a stream's entries. */
function ValueBody({ pages, isComplete, isBusy, onSave }: ValueBodyProps) {
  const type = pages[0]?.type;
  if (type === 'string') {
    const strings = pages.filter((page) => page.type === 'string');
    return <StringValue pages={strings} isComplete={isComplete} isBusy={isBusy} onSave={(value) => onSave({ value })} />;
  }
  if (type === 'stream') return <StreamValue pages={pages.filter((page) => page.type === 'stream')} />;
  if (type === 'hash' || type === 'list' || type === 'set' || type === 'zset') {
    const rows = pages.flatMap((page) => (page.type === type ? elementRows(page) : []));
    return (
      <ElementTable type={type} kind={ELEMENT_KINDS[type]} rows={rows} isBusy={isBusy} onApply={(edits) => onSave({ edits })} />
    );
  }
  return null;
}
