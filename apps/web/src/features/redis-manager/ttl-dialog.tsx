import { REDIS_MESSAGES } from '@guildhall/contract';
import { type FormEvent, useState } from 'react';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { parseTtlSeconds } from './ttl';

interface TtlDialogProps {
  isOpen: boolean;
  keyName: string;
  /** Whether the key expires now: Remove TTL is offered only then. */
  hasTtl: boolean;
  isBusy: boolean;
  /** Whole seconds, or null to remove the TTL. */
  onSubmit: (ttl: number | null) => void;
  onClose: () => void;
}

/** Set TTL: whole seconds (spec 2 §5: parsed as an integer), or Remove TTL so the key no longer expires. */
export function TtlDialog({ isOpen, keyName, hasTtl, isBusy, onSubmit, onClose }: TtlDialogProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    // -1 removes the TTL, as the message and the API say (the Remove TTL button does the same).
    if (text.trim() === '-1') {
      setError(undefined);
      return onSubmit(null);
    }
    const seconds = parseTtlSeconds(text);
    if (seconds === null) return setError(REDIS_MESSAGES.invalidTtl);
    setError(undefined);
    onSubmit(seconds);
  }

  return (
    <Modal
      isOpen={isOpen}
      title="Set TTL"
      size="sm"
      onClose={onClose}
      footer={
        <>
          {hasTtl && (
            <button type="button" className="button button--secondary" disabled={isBusy} onClick={() => onSubmit(null)}>
              Remove TTL
            </button>
          )}
          <button type="submit" form="redis-ttl-form" className="button button--primary" disabled={isBusy}>
            Set TTL
          </button>
        </>
      }
    >
      <form id="redis-ttl-form" className="form" onSubmit={handleSubmit} noValidate>
        <p className="redis-mono">{keyName}</p>
        <TextField
          label="TTL (seconds)"
          error={error}
          hint="The key is deleted when it runs out; -1 makes it never expire."
          inputMode="numeric"
          value={text}
          onChange={setText}
          data-autofocus
          autoComplete="off"
        />
      </form>
    </Modal>
  );
}
