import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: ReactNode;
  /** The line under the title: what the screen is for. */
  lead?: ReactNode;
  /** Buttons at the right of the title (an export, Create). */
  actions?: ReactNode;
  /** Anything else at the right, as it is (a live badge, a range picker with its own layout). */
  children?: ReactNode;
}

/** A screen's heading row: its title, the lead under it, and its actions at the right. */
export function PageHeader({ title, lead, actions, children }: PageHeaderProps) {
  return (
    <header className="page__header">
      <div>
        <h1 className="page__title">{title}</h1>
        {lead && <p className="page__lead">{lead}</p>}
      </div>
      {actions && <div className="page__actions">{actions}</div>}
      {children}
    </header>
  );
}
