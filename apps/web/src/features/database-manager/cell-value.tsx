import { LONG_TEXT_PREVIEW_CHARS, type TruncatedText } from '@guildhall/contract';
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

/**
 * Whether a value is the server's cut text ({ truncatedText, length }), told by its shape. A text column's value is
 * a string, so the shape is the server's; a json value may hold that shape as data, so a json cell is read as cut
 * only when its length says it was longer than the preview.
 */
export function isTruncatedText(value: unknown, type = ''): value is TruncatedText {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { truncatedText, length } = value as Partial<Record<keyof TruncatedText, unknown>>;
  if (typeof truncatedText !== 'string' || typeof length !== 'number') return false;
  return (type !== 'json' && type !== 'jsonb') || length > LONG_TEXT_PREVIEW_CHARS;
}

/** The note under a cut text: how much is shown of how much, and where to read it whole. */
export function truncatedNote(value: TruncatedText): string {
  const shown = Math.min(LONG_TEXT_PREVIEW_CHARS, value.length).toLocaleString('en');
  return `Showing the first ${shown} of ${value.length.toLocaleString('en')} characters; export the rows to read it whole.`;
}

/** The text a cell shows for a value: what a CSV would hold, json pretty. */
export function cellText(value: unknown, type = ''): string {
  if (value === null || value === undefined) return 'NULL';
  if (isBytea(value) && (type === '' || type === 'bytea')) return `\\x${value.hex}`;
  if (isTruncatedText(value, type)) return value.truncatedText;
  if (typeof value === 'object') return JSON.stringify(value, null, 2);
  return String(value);
}

/** Characters of a value a one-line cell holds (and its hover title): more would never be seen. */
const PREVIEW_CHARS = 400;

/** A value on one line: whitespace and json's indentation folded, cut to what a cell can show. */
export function previewText(value: unknown, type = ''): string {
  const text =
    typeof value === 'object' && value !== null && !isBytea(value) && !isTruncatedText(value, type)
      ? JSON.stringify(value)
      : cellText(value, type);
  const line = text.slice(0, PREVIEW_CHARS + 1).replace(/\s+/g, ' ');
  return line.length > PREVIEW_CHARS ? `${line.slice(0, PREVIEW_CHARS)}…` : line;
}

/**
 * One value in a grid row: one line, cut with an ellipsis where the column ends, the start of it as a hover title;
 * the row's detail shows it whole (CellValue).
 */
export function CellPreview({ value, type = '' }: { value: unknown; type?: string }) {
  if (value === null || value === undefined) return <span className="db-cell db-cell--null">NULL</span>;
  const isBytes = isBytea(value) && (type === '' || type === 'bytea');
  const text = isBytes ? `${previewText(value, type)} (${formatBytes(value.length)})` : previewText(value, type);
  const isMono = type === 'uuid' || isBytes;
  const className = isMono ? 'db-cell db-cell--line db-cell--mono' : 'db-cell db-cell--line';
  if (typeof value === 'string' && TIMESTAMP.test(value)) {
    return (
      <time className={className} dateTime={value} title={value}>
        {value}
      </time>
    );
  }
  return (
    <span className={className} title={text}>
      {text}
    </span>
  );
}

/**
 * One value of a row, rendered as text only (never markup): NULL marked, bytea as hex with its length, json
 * pretty, timestamps with their zone as the server gives them, long text cut with Show all, and text the server
 * cut (past LONG_TEXT_PREVIEW_CHARS) with a note of its whole length.
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
  if (isTruncatedText(value, type)) {
    return (
      <span className="db-cell">
        <LongText text={value.truncatedText} isOpen={isOpen} onToggle={() => setIsOpen(!isOpen)} />
        <span className="db-cell__note">{truncatedNote(value)}</span>
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
