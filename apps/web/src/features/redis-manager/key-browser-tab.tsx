import { REDIS_MESSAGES, type RedisKeyEntry } from '@guildhall/contract';
import { List, ListTree, Search } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { Card } from '../../ui/card';
import { LoadMore } from '../../ui/pagination';
import { EmptyHint } from '../../ui/query-state';
import { Spinner } from '../../ui/spinner';
import { useUrlQuery } from '../../ui/use-url-query';
import { KeyDetail } from './key-detail';
import { KeyList, KeyTree } from './key-list';
import { listKeys } from './listed-keys';
import { type KeyRef, useRedisKeys } from './redis-api';
import { RedisBanner } from './redis-banner';
import { keyBrowserQuery } from './redis-tabs';

const DEFAULT_PATTERN = '*';

/**
 * Keys matching a pattern (default *), read with SCAN a page at a time with Load more and a live count of keys
 * scanned, as a list or a tree by ':'; a key's value beside them. Pattern and view live in the URL.
 */
export function KeyBrowserTab({ database }: { database: number }) {
  const { query, set: update } = useUrlQuery(keyBrowserQuery);
  const { pattern } = query;
  const isTree = query.view === 'tree';
  const [text, setText] = useState(pattern);
  const [selected, setSelected] = useState<KeyRef | null>(null);
  const keys = useRedisKeys(database, pattern);

  useEffect(() => setText(pattern), [pattern]);

  // Read again only when a page arrives, not at each second's tick of the TTLs: Load more may have gathered a
  // million keys.
  const pages = useMemo(
    () => (keys.data?.pages ?? []).flatMap((answer) => (answer.configured ? [answer.page] : [])),
    [keys.data],
  );
  const { keys: listed, scanned, totalKeys } = useMemo(() => listKeys(pages), [pages]);

  function handleSearch(event: FormEvent) {
    event.preventDefault();
    const next = text.trim() === '' ? DEFAULT_PATTERN : text;
    update({ pattern: next });
    if (next === pattern) void keys.refetch();
  }

  const handleSelect = (entry: RedisKeyEntry) => setSelected({ key: entry.key, keyEncoding: entry.keyEncoding });

  return (
    <div className="redis-browser">
      <Card
        title="Keys"
        className="redis-browser__keys"
        actions={
          <fieldset className="redis-view">
            <legend className="visually-hidden">Show keys as</legend>
            <button
              type="button"
              className={`button button--small ${isTree ? 'button--ghost' : 'button--secondary'}`}
              aria-pressed={!isTree}
              onClick={() => update({ view: undefined })}
            >
              <List size={14} aria-hidden="true" />
              List
            </button>
            <button
              type="button"
              className={`button button--small ${isTree ? 'button--secondary' : 'button--ghost'}`}
              aria-pressed={isTree}
              onClick={() => update({ view: 'tree' })}
            >
              <ListTree size={14} aria-hidden="true" />
              Tree
            </button>
          </fieldset>
        }
      >
        <form className="redis-search" onSubmit={handleSearch}>
          <label className="visually-hidden" htmlFor="redis-pattern">
            Key pattern
          </label>
          <input
            id="redis-pattern"
            className="input redis-mono"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="user:*"
            autoComplete="off"
            spellCheck={false}
            data-testid="redis-pattern"
          />
          <button type="submit" className="button button--secondary button--small">
            <Search size={14} aria-hidden="true" />
            Search
          </button>
        </form>
        {keys.isError && <RedisBanner text={REDIS_MESSAGES.loadKeysFailed(errorMessage(keys.error))} />}
        {keys.isPending && <Spinner label="Scanning keys..." />}
        {pages.length > 0 && (
          <p className="redis-scan" aria-live="polite" data-testid="redis-scan-count">
            {`Scanned ${scanned.toLocaleString('en-US')} of ${totalKeys.toLocaleString('en-US')} keys · ${listed.length.toLocaleString('en-US')} found`}
            {keys.isFetching && ' · scanning...'}
          </p>
        )}
        {pages.length > 0 && listed.length === 0 && !keys.isError && (
          <EmptyHint>
            {keys.hasNextPage ? 'No matches in the keys scanned so far.' : `No keys match ${pattern} in database ${database}.`}
          </EmptyHint>
        )}
        {listed.length > 0 &&
          (isTree ? (
            <KeyTree keys={listed} selected={selected} onSelect={handleSelect} />
          ) : (
            <KeyList keys={listed} selected={selected} onSelect={handleSelect} />
          ))}
        <LoadMore
          hasMore={keys.hasNextPage}
          isLoading={keys.isFetchingNextPage}
          onLoadMore={() => void keys.fetchNextPage()}
          busyLabel="Scanning..."
        />
      </Card>
      {selected ? (
        <KeyDetail
          key={`${selected.keyEncoding}:${selected.key}`}
          database={database}
          entry={selected}
          onDeleted={() => setSelected(null)}
        />
      ) : (
        <Card className="redis-detail">
          <EmptyHint>Select a key to see its value.</EmptyHint>
        </Card>
      )}
    </div>
  );
}
