import type { HTMLAttributes, ReactNode } from 'react';

/** Badge colours; the status tones plus neutral and brand. */
export type BadgeTone = 'good' | 'warn' | 'bad' | 'unknown' | 'neutral' | 'brand';

interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  /** A small dot before the text; it pulses for live states. */
  dot?: 'static' | 'pulse';
  children: ReactNode;
}

/** A short label in a pill. */
export function Badge({ tone = 'neutral', dot, children, className, ...rest }: BadgeProps) {
  return (
    <span className={['badge', `badge--${tone}`, className].filter(Boolean).join(' ')} {...rest}>
      {dot && <span className={`badge__dot badge__dot--${dot}`} aria-hidden="true" />}
      {children}
    </span>
  );
}
