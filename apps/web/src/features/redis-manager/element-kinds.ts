import { REDIS_MESSAGES, type RedisBytes, type RedisEdit, type RedisKeyValue } from '@guildhall/contract';
import { bytesText } from './key-display';

/** A text box's content and whether it holds hex (bytes that are not UTF-8 are edited as hex). */
export interface EditText {
  text: string;
  isHex: boolean;
}

/** One element of a list, set, zset or hash, as its table shows and edits it. */
export interface ElementRow {
  /** Stable within the value's pages. */
  id: string;
  /** What each column shows, on one line. */
  cells: string[];
  /** The editable values as they start out in the boxes. */
  fields: EditText[];
  /** The element's edits: Save with new values, and Remove. */
  save: (values: RedisBytes[]) => RedisEdit[] | string;
  remove: RedisEdit;
}

/** How one collection type is shown and edited: its columns, its boxes and how a new element is added. */
export interface ElementKind {
  columns: string[];
  /** Names of the boxes of Edit and Add, in order. */
  fieldLabels: string[];
  add: (values: RedisBytes[]) => RedisEdit[] | string;
}

type Collection = Extract<RedisKeyValue, { type: 'list' | 'set' | 'zset' | 'hash' }>;

/** The text box's content for bytes: the text, or the hex of bytes that are not UTF-8. */
export const editText = (value: RedisBytes): EditText =>
  typeof value === 'string' ? { text: value, isHex: false } : { text: value.hex, isHex: true };

/** A box's content as bytes; null when hex is not an even run of hex digits. */
export function textToBytes({ text, isHex }: EditText): RedisBytes | null {
  if (!isHex) return text;
  const hex = text.replace(/\s+/g, '').toLowerCase();
  return /^(?:[0-9a-f]{2})*$/.test(hex) ? { hex } : null;
}

const sameBytes = (a: RedisBytes, b: RedisBytes) => (typeof a === 'string' ? a === b : typeof b !== 'string' && a.hex === b.hex);

/** A zset score as typed: a number, or inf / +inf / -inf; null otherwise. */
export function parseScore(text: string): number | 'inf' | '+inf' | '-inf' | null {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === 'inf' || trimmed === '+inf' || trimmed === '-inf') return trimmed;
  const score = Number(trimmed);
  return trimmed !== '' && Number.isFinite(score) ? score : null;
}

const scoreOf = (value: RedisBytes) => parseScore(typeof value === 'string' ? value : '');

/** The columns and Add of each collection type. */
export const ELEMENT_KINDS: Record<Collection['type'], ElementKind> = {
  hash: {
    columns: ['Field', 'Value'],
    fieldLabels: ['Field', 'Value'],
    add: ([field, value]) => [{ op: 'hash-set', field: field ?? '', value: value ?? '' }],
  },
  list: {
    columns: ['Index', 'Item'],
    fieldLabels: ['Item'],
    add: ([value]) => [{ op: 'list-push', value: value ?? '', end: 'tail' }],
  },
  set: {
    columns: ['Member'],
    fieldLabels: ['Member'],
    add: ([member]) => [{ op: 'set-add', member: member ?? '' }],
  },
  zset: {
    columns: ['Member', 'Score'],
    fieldLabels: ['Member', 'Score'],
    add: ([member, score]) => {
      const parsed = scoreOf(score ?? '');
      return parsed === null ? REDIS_MESSAGES.invalidScore : [{ op: 'zset-add', member: member ?? '', score: parsed }];
    },
  },
};

/**
 * The rows of one page of a collection. A renamed hash field, set member or zset member is added first and the
 * old one removed after, so a failed save loses nothing.
 */
export function elementRows(page: Collection): ElementRow[] {
  switch (page.type) {
    case 'hash':
      return page.value.map(({ field, value }) => ({
        id: `h:${JSON.stringify(field)}`,
        cells: [bytesText(field), bytesText(value)],
        fields: [editText(field), editText(value)],
        save: ([newField = '', newValue = '']) => [
          { op: 'hash-set', field: newField, value: newValue },
          ...(sameBytes(field, newField) ? [] : [{ op: 'hash-delete' as const, field }]),
        ],
        remove: { op: 'hash-delete', field },
      }));
    case 'list':
      return page.value.map((value, position) => {
        const index = page.offset + position;
        return {
          id: `l:${index}`,
          cells: [String(index), bytesText(value)],
          fields: [editText(value)],
          save: ([newValue = '']) => [{ op: 'list-set', index, value: newValue }],
          remove: { op: 'list-remove', index },
        };
      });
    case 'set':
      return page.value.map((member) => ({
        id: `s:${JSON.stringify(member)}`,
        cells: [bytesText(member)],
        fields: [editText(member)],
        save: ([newMember = '']) =>
          sameBytes(member, newMember)
            ? []
            : [
                { op: 'set-add', member: newMember },
                { op: 'set-remove', member },
              ],
        remove: { op: 'set-remove', member },
      }));
    case 'zset':
      return page.value.map(({ member, score }) => ({
        id: `z:${JSON.stringify(member)}`,
        cells: [bytesText(member), score],
        fields: [editText(member), { text: score, isHex: false }],
        save: ([newMember = '', newScore = '']) => {
          const parsed = scoreOf(newScore);
          if (parsed === null) return REDIS_MESSAGES.invalidScore;
          return [
            { op: 'zset-add', member: newMember, score: parsed },
            ...(sameBytes(member, newMember) ? [] : [{ op: 'zset-remove' as const, member }]),
          ];
        },
        remove: { op: 'zset-remove', member },
      }));
  }
}
