import type { HTMLAttributes, ReactNode } from 'react';

interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Shown at the right of the title row. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A surface with an optional title row. */
export function Card({ title, actions, children, className, ...rest }: CardProps) {
  return (
    <section className={['card', className].filter(Boolean).join(' ')} {...rest}>
      {(title || actions) && (
        <header className="card__header">
          {title && <h2 className="card__title">{title}</h2>}
          {actions && <div className="card__actions">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  );
}
