import type { OperationStatus } from '@guildhall/contract';
import { CircleCheck, CircleDashed, CircleX, LoaderCircle, TriangleAlert } from 'lucide-react';

const ICONS = {
  pending: { Icon: CircleDashed, className: 'tone-unknown', label: 'Pending' },
  'in-progress': { Icon: LoaderCircle, className: 'spinner__icon', label: 'In progress' },
  success: { Icon: CircleCheck, className: 'tone-good', label: 'Success' },
  error: { Icon: CircleX, className: 'tone-bad', label: 'Error' },
  warning: { Icon: TriangleAlert, className: 'tone-warn', label: 'Warning' },
} as const;

/** An operation's status as an icon with its name for screen readers. */
export function OperationStatusIcon({ status, size = 18 }: { status: OperationStatus; size?: number }) {
  const { Icon, className, label } = ICONS[status];
  return (
    <span className="operation-status" role="img" aria-label={label} title={label}>
      <Icon size={size} className={className} aria-hidden="true" />
    </span>
  );
}
