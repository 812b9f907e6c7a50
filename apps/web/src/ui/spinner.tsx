import { LoaderCircle } from 'lucide-react';

interface SpinnerProps {
  /** Text beside the spinner, also read by screen readers. */
  label?: string;
  size?: number;
}

/** A turning circle, with an optional label. */
export function Spinner({ label, size = 20 }: SpinnerProps) {
  return (
    <span className="spinner" role="status">
      <LoaderCircle className="spinner__icon" size={size} aria-hidden="true" />
      {label ? <span>{label}</span> : <span className="visually-hidden">Loading</span>}
    </span>
  );
}

/** A spinner centred in the space a page would fill. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner label={label} size={28} />
    </div>
  );
}
