/** The edges of a box on screen, in CSS pixels (a DOMRect has them). */
export interface ScreenBox {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Where the toast stack goes while a dialog is open: fixed offsets and a width, in CSS pixels. */
export interface ToastBox {
  top?: number;
  bottom?: number;
  left: number;
  width: number;
}

const MARGIN = 16;
const MAX_WIDTH = 380;
/** Narrower than this, a toast's message wraps into too many lines to read at a glance. */
const MIN_WIDTH = 220;
/** The right end of a dialog's header holds its close button (header padding and the 32 px button, with room). */
const CLOSE_ZONE = 64;

function unionOf(boxes: readonly ScreenBox[]): ScreenBox {
  return {
    top: Math.min(...boxes.map((box) => box.top)),
    right: Math.max(...boxes.map((box) => box.right)),
    bottom: Math.max(...boxes.map((box) => box.bottom)),
    left: Math.min(...boxes.map((box) => box.left)),
  };
}

/**
 * Where toasts go so they never cover an open dialog's buttons: beside the dialogs when there is room (right, then
 * left), else above or below them, else over the top dialog's header clear of its close button, where only the
 * title can hide for a moment. Null without a dialog: the toasts keep their corner.
 */
export function placeToasts(
  dialogs: readonly ScreenBox[],
  screen: { width: number; height: number },
  stackHeight: number,
): ToastBox | null {
  if (dialogs.length === 0) return null;
  const box = unionOf(dialogs);
  const top = Math.max(MARGIN, box.top);
  const rightRoom = screen.width - box.right - 2 * MARGIN;
  if (rightRoom >= MIN_WIDTH) return { top, left: box.right + MARGIN, width: Math.min(MAX_WIDTH, rightRoom) };
  const leftRoom = box.left - 2 * MARGIN;
  if (leftRoom >= MIN_WIDTH) {
    const width = Math.min(MAX_WIDTH, leftRoom);
    return { top, left: box.left - MARGIN - width, width };
  }
  const width = Math.min(MAX_WIDTH, screen.width - 2 * MARGIN);
  const centred = Math.round((screen.width - width) / 2);
  if (box.top - 2 * MARGIN >= stackHeight) return { top: MARGIN, left: centred, width };
  if (screen.height - box.bottom - 2 * MARGIN >= stackHeight) return { bottom: MARGIN, left: centred, width };
  const headerWidth = Math.max(0, Math.min(MAX_WIDTH, box.right - box.left - CLOSE_ZONE - MARGIN));
  return { top: Math.max(MARGIN, box.top + 8), left: box.right - CLOSE_ZONE - headerWidth, width: headerWidth };
}
