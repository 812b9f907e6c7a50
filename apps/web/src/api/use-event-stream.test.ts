import { describe, expect, it } from 'vitest';
import { stateAfterError } from './use-event-stream';

describe('event stream state', () => {
  it('reconnects after a drop while the browser tries again, and is closed when it has given up', () => {
    expect(stateAfterError(0)).toBe('reconnecting');
    expect(stateAfterError(2)).toBe('closed');
  });
});
