import type { StatusTone } from '@guildhall/contract';
import { CircleCheck, CircleQuestionMark, CircleX, TriangleExclamationPoint } from 'lucide-react';

const ICONS: Record<StatusTone, typeof CircleCheck> = {
  good: CircleCheck,
  warn: TriangleExclamationPoint,
  bad: CircleX,
  unknown: CircleQuestionMark,
};

interface StatusIconProps {
  tone: StatusTone;
  size?: number;
  /** Read by screen readers; the icon is decorative without it. */
  label?: string;
}

/** Green check, yellow warning, red cross or grey question mark, by status tone. */
export function StatusIcon({ tone, size = 20, label }: StatusIconProps) {
  const Icon = ICONS[tone];
  return (
    <Icon
      className={`status-icon tone-${tone}`}
      size={size}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
