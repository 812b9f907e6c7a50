import { json } from '@codemirror/lang-json';
import { REDIS_MESSAGES, type RedisBytes } from '@guildhall/contract';
import { useRef, useState } from 'react';
import { CodeEditor } from '../../ui/code-editor/code-editor';
import { useScrollFocus } from '../../ui/use-scroll-focus';
import { textToBytes } from './element-kinds';
import { hexDump, hexLines, joinStringPages, jsonToStore, prettyJson } from './string-text';

interface StringValueProps {
  pages: readonly { value: RedisBytes }[];
  /** Whether every byte has been read: only a whole value can be edited. */
  isComplete: boolean;
  /** Saves the new value; true once saved (the caller shows a failure). */
  onSave: (value: RedisBytes) => Promise<boolean>;
  isBusy: boolean;
}

// Made once, so the editor never reconfigures between renders.
const JSON_LANGUAGE = json();
const PLAIN: [] = [];

/**
 * A string's value: text, JSON pretty-printed, or bytes that are not UTF-8 as a hex dump; Edit opens the value in
 * CodeMirror (JSON highlighted, binary as hex byte pairs) with Save and Cancel.
 */
export function StringValue({ pages, isComplete, onSave, isBusy }: StringValueProps) {
  const value = joinStringPages(pages);
  const isBinary = typeof value !== 'string';
  const text = typeof value === 'string' ? value : '';
  const pretty = isBinary ? null : prettyJson(text);
  const shown = isBinary ? hexDump(value.hex) : (pretty ?? text);
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const textRef = useRef<HTMLPreElement>(null);
  useScrollFocus(textRef, draft === null);

  function handleEdit() {
    setProblem(null);
    setDraft(isBinary ? hexLines(value.hex) : (pretty ?? text));
  }

  async function handleSave() {
    if (draft === null) return;
    if (draft.trim() === '') return setProblem(REDIS_MESSAGES.noKeyOrValue);
    const next = isBinary ? textToBytes({ text: draft, isHex: true }) : pretty !== null ? jsonToStore(text, draft) : draft;
    if (next === null) return setProblem(REDIS_MESSAGES.invalidHex);
    setProblem(null);
    if (await onSave(next)) setDraft(null);
  }

  return (
    <div className="redis-string" data-testid="redis-string">
      <div className="redis-string__bar">
        <span className="redis-muted">{isBinary ? 'Binary (hex)' : pretty !== null ? 'JSON' : 'Text'}</span>
        {draft === null ? (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={handleEdit}
            disabled={!isComplete}
            title={isComplete ? undefined : 'Load the whole value to edit it'}
          >
            Edit
          </button>
        ) : (
          <span className="redis-actions">
            <button type="button" className="button button--primary button--small" onClick={handleSave} disabled={isBusy}>
              Save
            </button>
            <button type="button" className="button button--secondary button--small" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </span>
        )}
      </div>
      {problem && (
        <p className="field__error" role="alert" data-testid="redis-edit-problem">
          {problem}
        </p>
      )}
      {draft === null ? (
        <pre ref={textRef} className="redis-value" data-testid="redis-value-text">
          {shown}
        </pre>
      ) : (
        <CodeEditor
          value={draft}
          onChange={setDraft}
          onRun={handleSave}
          language={pretty !== null ? JSON_LANGUAGE : PLAIN}
          label={isBinary ? 'Value (hex)' : 'Value'}
          testId="redis-value-editor"
        />
      )}
    </div>
  );
}
