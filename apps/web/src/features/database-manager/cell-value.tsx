import { useState } from 'react';
import { formatBytes } from '../../ui/format-number';

/** Text longer than this is cut, with a button to show it whole. */
export const LONG_TEXT = 200;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}(:?\d{2})?)$/;

function isBytea(value: unknown): value is { hex: string; length: number } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { hex?: unknown }).hex === 'string' &&
    typeof (value as { length?: unknown }).length === 'number'
  );
}

/** The text a cell shows for a value: what a CSV would hold, json pretty. */
export function cellText(value: unknown, type = ''): string {
  if (value === null || value === undefined) return 'NULL';
  if (isBytea(value) && (type === '' || type === 'bytea')) return `\\x${value.hex}`;
  if (typeof value === 'object') return JSON.stringify(value, null, 2);
  return String(value);
}

/**
 * One value of a row, rendered as text only (never markup): NULL marked, bytea as hex with its length, json
 * pretty, timestamps with their zone as the server gives them, long text cut with Show all.
 */
export function CellValue({ value, type = '' }: { value: unknown; type?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  if (value === null || value === undefined) return <span className="db-cell db-cell--null">NULL</span>;
  if (isBytea(value) && (type === '' || type === 'bytea')) {
    const hex = `\\x${value.hex}`;
    return (
      <span className="db-cell db-cell--mono">
        <LongText text={hex} isOpen={isOpen} onToggle={() => setIsOpen(!isOpen)} />{' '}
        <span className="db-cell__meta">({formatBytes(value.length)})</span>
      </span>
    );
  }
  if (typeof value === 'object') {
    return (
      <pre className="db-cell db-cell--json">
        <LongText text={JSON.stringify(value, null, 2)} isOpen={isOpen} onToggle={() => setIsOpen(!isOpen)} />
      </pre>
    );
  }
  const text = String(value);
  if (typeof value === 'string' && TIMESTAMP.test(text)) {
    return (
      <time className="db-cell db-cell--time" dateTime={text}>
        {text}
      </time>
    );
  }
  return (
    <span className="db-cell">
      <LongText text={text} isOpen={isOpen} onToggle={() => setIsOpen(!isOpen)} />
    </span>
  );
}

/** Text cut at `limit` characters with a Show all / Show less button; shorter text as it is. */
export function LongText({
  text,
  isOpen,
  onToggle,
  limit = LONG_TEXT,
}: {
  text: string;
  isOpen: boolean;
  onToggle: () => void;
  limit?: number;
}) {
  if (text.length <= limit) return <>{text}</>;
  return (
    <>
      {isOpen ? text : `${text.slice(0, limit)}…`}{' '}
      <button type="button" className="db-cell__expand" onClick={onToggle}>
        {isOpen ? 'Show less' : `Show all ${text.length} characters`}
      </button>
    </>
  );
}
