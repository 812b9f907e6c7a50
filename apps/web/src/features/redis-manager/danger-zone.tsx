import { REDIS_MESSAGES } from '@guildhall/contract';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { ConfirmModal } from '../../ui/confirm-modal';
import { useToast } from '../../ui/toast-context';
import { useDeleteByPattern, useFlushConfirmation, useFlushDatabase, useRedisInfo } from './redis-api';
import { RedisBanner } from './redis-banner';

/**
 * The Danger Zone: flush Guildhall's keys of the current database behind two confirmations (the first asks the
 * server for a confirmation token, the second types the database number and flushes with it), and delete the keys
 * matching a pattern once a dry run has counted them. Both reach only keys under REDIS_PREFIX and are audited.
 */
export function DangerZone({ database }: { database: number }) {
  return (
    <section className="card redis-danger" aria-labelledby="redis-danger-title" data-testid="redis-danger-zone">
      <header className="card__header">
        <h2 id="redis-danger-title" className="card__title">
          Danger Zone
        </h2>
      </header>
      <FlushDatabase database={database} />
      <DeleteByPattern database={database} />
    </section>
  );
}

function FlushDatabase({ database }: { database: number }) {
  const [step, setStep] = useState<'idle' | 'first' | 'second'>('idle');
  const [typed, setTyped] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const confirmation = useFlushConfirmation();
  const flush = useFlushDatabase();
  const toast = useToast();
  const typedId = useId();
  // Guildhall's own keys (rate-limit counters, say) live under the prefix in its database: a flush takes them too.
  const info = useRedisInfo().data;
  const app = info?.configured ? info.app : undefined;
  const prefix = app?.prefix ?? '';
  const holdsAppKeys = app?.database === database;

  function close() {
    setStep('idle');
    setTyped('');
    setToken(null);
  }

  function handleContinue() {
    confirmation.mutate(database, {
      onSuccess: (answer) => {
        setToken(answer.token);
        setStep('second');
      },
      onError: close,
    });
  }

  function handleFlush() {
    if (!token) return;
    flush.mutate(
      { database, token },
      {
        onSuccess: () => toast.success(REDIS_MESSAGES.flushed(database)),
        onSettled: close,
      },
    );
  }

  const failure = confirmation.isError ? confirmation.error : flush.isError ? flush.error : null;
  return (
    <div className="redis-danger__item">
      <div>
        <h3 className="redis-danger__title">Flush database {database}</h3>
        <p className="redis-muted">
          Deletes every key under <code>{prefix}</code> in database {database}. Other keys and the other databases are left alone.
        </p>
      </div>
      {failure && <RedisBanner text={REDIS_MESSAGES.flushFailed(errorMessage(failure))} />}
      <button type="button" className="button button--danger" onClick={() => setStep('first')}>
        Flush database
      </button>
      <ConfirmModal
        isOpen={step === 'first'}
        title={`Flush database ${database}?`}
        confirmLabel="Continue"
        busyLabel="Asking..."
        isBusy={confirmation.isPending}
        isDanger
        onConfirm={handleContinue}
        onClose={close}
        testId="confirm-flush-first"
      >
        <p>
          Every key under <code>{prefix}</code> in database {database} will be deleted. This cannot be undone.
        </p>
        {holdsAppKeys && (
          <p className="alert alert--warning" data-testid="flush-app-keys-warning">
            Guildhall keeps its own working keys in this database under <code>{prefix}</code> (sessions, rate limits); they are
            deleted too.
          </p>
        )}
      </ConfirmModal>
      <ConfirmModal
        isOpen={step === 'second'}
        title="Type the database number"
        confirmLabel={`Flush database ${database}`}
        busyLabel="Flushing..."
        isBusy={flush.isPending}
        isDanger
        isConfirmDisabled={typed.trim() !== String(database) || token === null}
        onConfirm={handleFlush}
        onClose={close}
        testId="confirm-flush-second"
      >
        <label className="field__label" htmlFor={typedId}>
          {REDIS_MESSAGES.flushConfirm(database, prefix)}
        </label>
        <input
          id={typedId}
          className="input"
          inputMode="numeric"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          data-autofocus
        />
      </ConfirmModal>
    </div>
  );
}

function DeleteByPattern({ database }: { database: number }) {
  const [pattern, setPattern] = useState('');
  const [counted, setCounted] = useState<{ pattern: string; matched: number } | null>(null);
  const [isAsking, setIsAsking] = useState(false);
  const run = useDeleteByPattern();
  const toast = useToast();
  const patternId = useId();

  function handleCount(event: FormEvent) {
    event.preventDefault();
    if (pattern === '') return;
    setCounted(null);
    run.mutate({ pattern, database, dryRun: true }, { onSuccess: (answer) => setCounted({ pattern, matched: answer.matched }) });
  }

  function handleDelete() {
    if (!counted) return;
    run.mutate(
      { pattern: counted.pattern, database, dryRun: false },
      {
        onSuccess: (answer) => {
          toast.success(REDIS_MESSAGES.patternDeleted(answer.deleted, counted.pattern));
          setCounted(null);
        },
        onSettled: () => setIsAsking(false),
      },
    );
  }

  return (
    <div className="redis-danger__item">
      <div>
        <h3 className="redis-danger__title">Delete keys by pattern</h3>
        <p className="redis-muted">A dry run counts the keys that match first; nothing is deleted until you confirm.</p>
      </div>
      {run.isError && (
        <RedisBanner
          text={(run.variables?.dryRun ? REDIS_MESSAGES.loadKeysFailed : REDIS_MESSAGES.deleteKeyFailed)(errorMessage(run.error))}
        />
      )}
      <form className="redis-search" onSubmit={handleCount}>
        <label className="visually-hidden" htmlFor={patternId}>
          Pattern to delete
        </label>
        <input
          id={patternId}
          className="input redis-mono"
          value={pattern}
          onChange={(event) => {
            setPattern(event.target.value);
            setCounted(null);
          }}
          placeholder="session:*"
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit" className="button button--secondary" disabled={pattern === '' || run.isPending}>
          Count matches
        </button>
      </form>
      {counted && (
        <div className="redis-dry-run" data-testid="redis-dry-run">
          <p>{REDIS_MESSAGES.patternMatches(counted.matched, counted.pattern)}</p>
          {counted.matched > 0 && (
            <button type="button" className="button button--danger" onClick={() => setIsAsking(true)}>
              Delete {counted.matched.toLocaleString('en-US')} keys
            </button>
          )}
        </div>
      )}
      <ConfirmModal
        isOpen={isAsking}
        title={`Delete the keys matching ${counted?.pattern ?? ''}?`}
        confirmLabel="Delete keys"
        busyLabel="Deleting..."
        isBusy={run.isPending}
        isDanger
        onConfirm={handleDelete}
        onClose={() => setIsAsking(false)}
        testId="confirm-delete-pattern"
      >
        <p>
          About {counted?.matched.toLocaleString('en-US')} keys in database {database} match. Keys that match by the time it runs
          are deleted too. This cannot be undone.
        </p>
      </ConfirmModal>
    </div>
  );
}
