import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface AuthCardProps {
  icon: LucideIcon;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card's content (sign in, create an account...). */
  footer?: ReactNode;
  'data-testid'?: string;
}

/** The centred card of the community sign-in pages, on the app's backdrop. */
export function AuthCard({ icon: Icon, title, subtitle, children, footer, 'data-testid': testId }: AuthCardProps) {
  return (
    <div className="auth-screen">
      <main className="auth-card" data-testid={testId}>
        <header className="auth-card__header">
          <span className="auth-card__logo">
            <Icon size={28} aria-hidden="true" />
          </span>
          <h1 className="auth-card__title">{title}</h1>
          {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        </header>
        {children}
        {footer && <footer className="auth-card__footer">{footer}</footer>}
      </main>
      <p className="auth-screen__brand">Guildhall</p>
    </div>
  );
}
