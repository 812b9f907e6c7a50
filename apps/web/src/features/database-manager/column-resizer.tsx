import type { Header } from '@tanstack/react-table';
import type { KeyboardEvent } from 'react';
import { COLUMN_MAX_PX, COLUMN_MIN_PX } from './column-widths';

/** Pixels an arrow key moves a column's edge. */
const STEP_PX = 16;

/**
 * The right edge of a grid column's head: drag it (or focus it and press ← →) to change the column's width; a
 * double click or Home gives the column its starting width back.
 */
export function ColumnResizer<Row>({ header, name }: { header: Header<Row, unknown>; name: string }) {
  const { column } = header;
  const size = column.getSize();
  const resize = header.getResizeHandler();

  function handleKeyDown(event: KeyboardEvent) {
    const step = { ArrowLeft: -STEP_PX, ArrowRight: STEP_PX }[event.key];
    if (event.key === 'Home') column.resetSize();
    else if (step === undefined) return;
    else {
      const next = Math.min(COLUMN_MAX_PX, Math.max(COLUMN_MIN_PX, size + step));
      header.getContext().table.setColumnSizing((sizes) => ({ ...sizes, [column.id]: next }));
    }
    event.preventDefault();
  }

  return (
    // A focusable separator is ARIA's window splitter: its value is the column's width.
    // biome-ignore lint/a11y/useSemanticElements: an <hr> cannot be dragged or focused as a splitter
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Width of ${name}`}
      aria-valuenow={size}
      aria-valuemin={COLUMN_MIN_PX}
      aria-valuemax={COLUMN_MAX_PX}
      tabIndex={0}
      className={column.getIsResizing() ? 'db-resizer db-resizer--active' : 'db-resizer'}
      onMouseDown={resize}
      onTouchStart={resize}
      onDoubleClick={() => column.resetSize()}
      onKeyDown={handleKeyDown}
    />
  );
}
