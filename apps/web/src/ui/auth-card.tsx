import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import '../styles/auth-card.css';

interface AuthCardHeaderProps {
  icon: LucideIcon;
  title: string;
  subtitle?: ReactNode;
}

/** The logo, title and subtitle atop a sign-in card (the community pages and the Admin Portal). */
export function AuthCardHeader({ icon: Icon, title, subtitle }: AuthCardHeaderProps) {
  return (
    <header className="auth-card__header">
      <span className="auth-card__logo">
        <Icon size={28} aria-hidden="true" />
      </span>
      <h1 className="auth-card__title">{title}</h1>
      {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
    </header>
  );
}

interface AuthCardProps extends AuthCardHeaderProps {
  children: ReactNode;
  /** Links under the card's content (sign in, create an account...). */
  footer?: ReactNode;
  'data-testid'?: string;
}

/** The centred card of the community sign-in pages, on the app's backdrop. */
export function AuthCard({ icon, title, subtitle, children, footer, 'data-testid': testId }: AuthCardProps) {
  return (
    <div className="auth-screen">
      <main className="auth-card" data-testid={testId}>
        <AuthCardHeader icon={icon} title={title} subtitle={subtitle} />
        {children}
        {footer && <footer className="auth-card__footer">{footer}</footer>}
      </main>
      <p className="auth-screen__brand">Guildhall</p>
    </div>
  );
}
