import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { sql } from '@codemirror/lang-sql';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorState, Prec } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useRef } from 'react';

// Colours are the design's tokens, so the editor reads in both themes.
const highlight = HighlightStyle.define([
  { tag: tags.keyword, color: 'var(--color-brand-strong)', fontWeight: '600' },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--color-good-text)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--color-warn-text)' },
  { tag: [tags.lineComment, tags.blockComment], color: 'var(--color-text-muted)', fontStyle: 'italic' },
  { tag: [tags.typeName, tags.standard(tags.name)], color: 'var(--color-info-text)' },
  { tag: tags.operator, color: 'var(--color-text-secondary)' },
]);

// The editor lives in a shadow root so its styles go in adopted style sheets: the CSP allows no <style> element.
const theme = EditorView.theme({
  '&': { color: 'var(--color-text)', backgroundColor: 'var(--color-surface)', fontSize: '0.9rem', minHeight: '8rem' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', maxHeight: '24rem', overflow: 'auto' },
  '.cm-content': { caretColor: 'var(--color-text)', padding: '0.6rem 0', minHeight: '8rem' },
  '.cm-line': { padding: '0 0.75rem' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--color-text)' },
  '.cm-placeholder': { color: 'var(--color-text-subtle)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': {
    backgroundColor: 'var(--color-brand-tint)',
  },
});

interface SqlEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Ctrl/Cmd+Enter. */
  onRun: () => void;
  label: string;
}

/** A CodeMirror 6 SQL editor (PostgreSQL dialect): highlighting, undo history, Ctrl/Cmd+Enter runs. */
export function SqlEditor({ value, onChange, onRun, label }: SqlEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const handlers = useRef({ onChange, onRun });
  handlers.current = { onChange, onRun };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is made once; value changes are pushed below
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    const view = new EditorView({
      parent: shadow,
      root: shadow,
      state: EditorState.create({
        doc: value,
        extensions: [
          Prec.highest(
            keymap.of([
              {
                key: 'Mod-Enter',
                run: () => {
                  handlers.current.onRun();
                  return true;
                },
              },
            ]),
          ),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          sql(),
          syntaxHighlighting(highlight),
          theme,
          EditorView.lineWrapping,
          placeholder('SELECT * FROM guilds'),
          EditorView.contentAttributes.of({ 'aria-label': label, 'data-testid': 'sql-editor' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) handlers.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, []);

  useEffect(() => {
    const view = viewRef.current;
    if (view && view.state.doc.toString() !== value) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div ref={hostRef} className="db-editor" />;
}
