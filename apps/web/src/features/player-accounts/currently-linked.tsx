import { Unlink } from 'lucide-react';
import type { ReactNode } from 'react';

/** The 'Currently Linked' box of a link tab, with Unlink. */
export function CurrentlyLinked({
  provider,
  onUnlink,
  children,
}: {
  provider: string;
  onUnlink: () => void;
  children: ReactNode;
}) {
  return (
    <div className="currently-linked" data-testid="currently-linked">
      <div className="currently-linked__body">
        <p className="currently-linked__title">Currently Linked</p>
        <p className="currently-linked__who">{children}</p>
      </div>
      <button type="button" className="button button--small button--danger-outline" onClick={onUnlink}>
        <Unlink size={15} aria-hidden="true" />
        <span>
          Unlink<span className="visually-hidden"> {provider}</span>
        </span>
      </button>
    </div>
  );
}
