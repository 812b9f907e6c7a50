import { describe, expect, it } from 'vitest';
import { placeToasts, type ScreenBox } from './toast-placement';

const screen = { width: 1280, height: 720 };
/** A dialog centred on the screen, `width` wide and `height` tall. */
const centred = (width: number, height: number): ScreenBox => ({
  top: (screen.height - height) / 2,
  bottom: (screen.height + height) / 2,
  left: (screen.width - width) / 2,
  right: (screen.width + width) / 2,
});
const overlaps = (a: ScreenBox, b: ScreenBox) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('placeToasts', () => {
  it('keeps the corner while no dialog is open', () => {
    expect(placeToasts([], screen, 60)).toBeNull();
  });

  it('puts the toasts beside a dialog that leaves room, never over it', () => {
    const dialog = centred(760, 660);
    const placed = placeToasts([dialog], screen, 60)!;
    expect(placed).toEqual({ top: 30, left: 1020 + 16, width: 228 });
    const toasts = { top: placed.top!, bottom: placed.top! + 60, left: placed.left, right: placed.left + placed.width };
    expect(overlaps(toasts, dialog)).toBe(false);
  });

  it('goes above a wide dialog when its top leaves room', () => {
    const dialog = centred(1040, 400);
    expect(placeToasts([dialog], screen, 60)).toEqual({ top: 16, left: 450, width: 380 });
  });

  it('sits on a wide, tall dialog’s header clear of its close button, never near the footer', () => {
    const dialog = centred(1040, 656);
    const placed = placeToasts([dialog], screen, 60)!;
    expect(placed.top).toBe(dialog.top + 8);
    expect(placed.left + placed.width).toBe(dialog.right - 64);
    expect(placed.bottom).toBeUndefined();
  });

  it('avoids every open dialog at once', () => {
    const form = centred(760, 660);
    const question = centred(420, 200);
    expect(placeToasts([form, question], screen, 60)?.left).toBe(1036);
  });
});
