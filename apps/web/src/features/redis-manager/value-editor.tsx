import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorState, Prec } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useRef } from 'react';

// Colours are the design's tokens, so the editor reads in both themes.
const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--color-brand-strong)' },
  { tag: tags.string, color: 'var(--color-good-text)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--color-warn-text)' },
  { tag: [tags.brace, tags.squareBracket, tags.separator], color: 'var(--color-text-secondary)' },
]);

// The editor lives in a shadow root so its styles go in adopted style sheets: the CSP allows no <style> element.
const theme = EditorView.theme({
  '&': { color: 'var(--color-text)', backgroundColor: 'var(--color-surface)', fontSize: '0.85rem' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', maxHeight: '28rem', minHeight: '6rem', overflow: 'auto' },
  '.cm-content': { caretColor: 'var(--color-text)', padding: '0.5rem 0', minHeight: '6rem' },
  '.cm-line': { padding: '0 0.75rem' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--color-text)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': {
    backgroundColor: 'var(--color-brand-tint)',
  },
});

interface ValueEditorProps {
  /** The text the editor starts with; it is made once per mount (remount it with a key to start over). */
  initialValue: string;
  onChange: (value: string) => void;
  /** Ctrl/Cmd+Enter. */
  onSave: () => void;
  /** JSON highlighting, for a value that parses as JSON. */
  isJson: boolean;
  label: string;
  testId: string;
}

/** A CodeMirror 6 editor for a string value: JSON highlighted when it is JSON, undo history, Ctrl/Cmd+Enter saves. */
export function ValueEditor({ initialValue, onChange, onSave, isJson, label, testId }: ValueEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onChange, onSave });
  handlers.current = { onChange, onSave };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is made once per mount
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    const view = new EditorView({
      parent: shadow,
      root: shadow,
      state: EditorState.create({
        doc: initialValue,
        extensions: [
          Prec.highest(
            keymap.of([
              {
                key: 'Mod-Enter',
                run: () => {
                  handlers.current.onSave();
                  return true;
                },
              },
            ]),
          ),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          isJson ? json() : [],
          syntaxHighlighting(highlight),
          theme,
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': label, 'data-testid': testId }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) handlers.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.focus();
    return () => view.destroy();
  }, []);

  return <div ref={hostRef} className="redis-editor" />;
}
