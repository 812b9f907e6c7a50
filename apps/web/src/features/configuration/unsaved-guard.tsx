import { useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmModal } from '../../ui/confirm-modal';

/**
 * Asks before a move would drop a form's unsaved changes (another category, guild or view), and lets the browser
 * ask before the page is closed or reloaded with changes pending. The form reports its count of unsaved changes.
 */
export function useUnsavedGuard() {
  const [unsaved, setUnsaved] = useState(0);
  const pending = useRef<(() => void) | null>(null);
  const [isAsking, setAsking] = useState(false);

  useEffect(() => {
    if (unsaved === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  /** Runs the move now, or once the admin agrees to drop the changes. */
  const guard = useCallback(
    (move: () => void) => {
      if (unsaved === 0) return move();
      pending.current = move;
      setAsking(true);
    },
    [unsaved],
  );

  const close = () => {
    pending.current = null;
    setAsking(false);
  };
  const discard = () => {
    const move = pending.current;
    close();
    setUnsaved(0);
    move?.();
  };

  const prompt = (
    <ConfirmModal
      isOpen={isAsking}
      title="Discard unsaved changes?"
      confirmLabel="Discard changes"
      isDanger
      onConfirm={discard}
      onClose={close}
      testId="unsaved-confirm"
    >
      <p>
        {unsaved} unsaved {unsaved === 1 ? 'change' : 'changes'} to these settings will be lost. Cancel to stay and save them.
      </p>
    </ConfirmModal>
  );
  return { onUnsavedChange: setUnsaved, guard, prompt };
}
