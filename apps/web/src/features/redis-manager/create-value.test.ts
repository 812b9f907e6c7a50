import { REDIS_MESSAGES } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { CREATE_VALUE_MESSAGES, parseCreateValue } from './create-value';

describe('the value of a new key', () => {
  it('needs something besides blanks', () => {
    expect(parseCreateValue('string', '  ')).toEqual({ error: REDIS_MESSAGES.keyAndValueRequired });
    expect(parseCreateValue('set', '\n \n')).toEqual({ error: REDIS_MESSAGES.keyAndValueRequired });
    expect(parseCreateValue('string', ' x ')).toEqual({ type: 'string', value: ' x ' });
  });

  it('reads one element per line, skipping blank lines', () => {
    expect(parseCreateValue('list', 'a\n\nb\r\nc')).toEqual({ type: 'list', value: ['a', 'b', 'c'] });
    expect(parseCreateValue('hash', 'name=Ada\nurl=a=b')).toEqual({
      type: 'hash',
      value: [
        { field: 'name', value: 'Ada' },
        { field: 'url', value: 'a=b' },
      ],
    });
    expect(parseCreateValue('hash', 'name=Ada\nnope')).toEqual({ error: CREATE_VALUE_MESSAGES.hashLine(2) });
  });

  it('reads zset lines as a score then the member', () => {
    expect(parseCreateValue('zset', '1.5 alice smith\n-inf bob')).toEqual({
      type: 'zset',
      value: [
        { member: 'alice smith', score: 1.5 },
        { member: 'bob', score: '-inf' },
      ],
    });
    expect(parseCreateValue('zset', 'alice')).toEqual({ error: REDIS_MESSAGES.invalidScore });
  });
});
