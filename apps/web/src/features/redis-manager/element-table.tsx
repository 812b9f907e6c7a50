import { REDIS_MESSAGES, type RedisBytes, type RedisEdit } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { type FormEvent, useState } from 'react';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DataTable } from '../../ui/data-table';
import { type EditText, type ElementKind, type ElementRow, textToBytes } from './element-kinds';

const NOUNS = { hash: 'field', list: 'item', set: 'member', zset: 'member' } as const;

interface ElementTableProps {
  type: keyof typeof NOUNS;
  kind: ElementKind;
  rows: readonly ElementRow[];
  /** Applies edits in order; true once they all succeeded (the caller shows a failure). */
  onApply: (edits: RedisEdit[]) => Promise<boolean>;
  isBusy: boolean;
}

/** The boxes' texts as bytes, or the message that stops the save (an empty box, hex that is not hex). */
function readBoxes(boxes: readonly EditText[]): RedisBytes[] | string {
  const values: RedisBytes[] = [];
  for (const box of boxes) {
    if (box.text === '') return REDIS_MESSAGES.noKeyOrValue;
    const bytes = textToBytes(box);
    if (bytes === null) return REDIS_MESSAGES.invalidHex;
    values.push(bytes);
  }
  return values;
}

/**
 * The elements of a hash, list, set or zset, each with Edit/Save/Cancel and Remove (confirmed), and a row to add
 * one. Values are text only, never markup; bytes that are not UTF-8 are shown as \xNN and edited as hex.
 */
export function ElementTable({ type, kind, rows, onApply, isBusy }: ElementTableProps) {
  const noun = NOUNS[type];
  const [editing, setEditing] = useState<{ id: string; boxes: EditText[] } | null>(null);
  const [adding, setAdding] = useState<EditText[]>(() => kind.fieldLabels.map(() => ({ text: '', isHex: false })));
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ElementRow | null>(null);

  async function apply(result: RedisEdit[] | string, onDone: () => void) {
    if (typeof result === 'string') return setProblem(result);
    setProblem(null);
    if (result.length === 0 || (await onApply(result))) onDone();
  }

  function handleSave(row: ElementRow) {
    if (!editing) return;
    const values = readBoxes(editing.boxes);
    void apply(typeof values === 'string' ? values : row.save(values), () => setEditing(null));
  }

  function handleAdd(event: FormEvent) {
    event.preventDefault();
    const values = readBoxes(adding);
    void apply(typeof values === 'string' ? values : kind.add(values), () =>
      setAdding(kind.fieldLabels.map(() => ({ text: '', isHex: false }))),
    );
  }

  const setBox = (boxes: EditText[], index: number, text: string) =>
    boxes.map((box, position) => (position === index ? { ...box, text } : box));

  /** A column's cell: the text, or while its row is edited (and it is not the list index or score) a box. */
  function renderCell(row: ElementRow, index: number) {
    const fixed = row.cells.length - row.fields.length;
    const cell = row.cells[index] ?? '';
    if (editing?.id !== row.id || index < fixed) return cell;
    const box = editing.boxes[index - fixed];
    return (
      <textarea
        className="input redis-box"
        aria-label={`${kind.fieldLabels[index - fixed]}${box?.isHex ? ' (hex)' : ''}`}
        rows={Math.min(6, Math.max(1, cell.split('\n').length))}
        value={box?.text ?? ''}
        onChange={(event) => setEditing({ ...editing, boxes: setBox(editing.boxes, index - fixed, event.target.value) })}
      />
    );
  }

  function renderActions(row: ElementRow) {
    if (editing?.id === row.id) {
      return (
        <span className="redis-actions">
          <button
            type="button"
            className="button button--primary button--small"
            disabled={isBusy}
            onClick={() => handleSave(row)}
          >
            Save
          </button>
          <button type="button" className="button button--secondary button--small" onClick={() => setEditing(null)}>
            Cancel
          </button>
        </span>
      );
    }
    return (
      <span className="redis-actions">
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => {
            setProblem(null);
            setEditing({ id: row.id, boxes: row.fields });
          }}
        >
          Edit
        </button>
        <button type="button" className="button button--danger-outline button--small" onClick={() => setRemoving(row)}>
          Remove
        </button>
      </span>
    );
  }

  // The leading columns (a list's index, a zset's score) are fixed numbers; the rest are values.
  const fixedCount = kind.columns.length - kind.fieldLabels.length;
  const columns: ColumnDef<ElementRow>[] = [
    ...kind.columns.map<ColumnDef<ElementRow>>((name, index) => ({
      id: `${index}:${name}`,
      header: name,
      meta: { cellClassName: index < fixedCount ? 'table__number' : 'redis-elements__value' },
      cell: ({ row }) => renderCell(row.original, index),
    })),
    { id: 'actions', header: 'Actions', meta: { className: 'table__actions' }, cell: ({ row }) => renderActions(row.original) },
  ];

  return (
    <>
      {problem && (
        <p className="field__error" role="alert" data-testid="redis-edit-problem">
          {problem}
        </p>
      )}
      <DataTable
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        label={`${kind.columns.join(' and ')} of the key`}
        testId="redis-elements"
        className="redis-elements"
        rowAttributes={() => ({ 'data-testid': 'redis-element' })}
      />
      <form className="redis-add" onSubmit={handleAdd} data-testid="redis-add-element">
        {kind.fieldLabels.map((label, index) => (
          <label key={label} className="redis-add__field">
            <span>New {label.toLowerCase()}</span>
            <input
              className="input"
              value={adding[index]?.text ?? ''}
              onChange={(event) => setAdding(setBox(adding, index, event.target.value))}
            />
          </label>
        ))}
        <button type="submit" className="button button--secondary button--small" disabled={isBusy}>
          Add {noun}
        </button>
      </form>
      <ConfirmModal
        isOpen={removing !== null}
        title={`Remove this ${noun}?`}
        confirmLabel={`Remove ${noun}`}
        isBusy={isBusy}
        isDanger
        onConfirm={() => {
          // The dialog closes either way: a failure shows in the key's red banner behind it.
          if (removing) void apply([removing.remove], () => undefined);
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
        testId="confirm-remove-element"
      >
        <p className="redis-mono">{removing?.cells.join(' · ')}</p>
      </ConfirmModal>
    </>
  );
}
