import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';

interface IconOnly {
  /** The accessible name ('Edit Raiders'); the icon itself is hidden from screen readers. */
  label: string;
  icon: LucideIcon;
  /** Red, for an action that removes something. */
  isDanger?: boolean;
}

const classes = (isDanger?: boolean, className?: string) =>
  ['icon-button', isDanger && 'icon-button--danger', className].filter(Boolean).join(' ');

/** A small button that shows only an icon, named by `label` and with it as its tooltip unless `title` says otherwise. */
export function IconButton({
  label,
  icon: Icon,
  isDanger,
  className,
  title = label,
  ...button
}: IconOnly & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'>) {
  return (
    <button type="button" className={classes(isDanger, className)} aria-label={label} title={title} {...button}>
      <Icon size={16} aria-hidden="true" />
    </button>
  );
}

/** A link drawn as an icon button: the same look, for where the action opens another page. */
export function IconLink({
  label,
  icon: Icon,
  isDanger,
  className,
  title = label,
  ...link
}: IconOnly & Omit<LinkProps, 'children'>) {
  return (
    <Link className={classes(isDanger, className)} aria-label={label} title={title} {...link}>
      <Icon size={16} aria-hidden="true" />
    </Link>
  );
}
