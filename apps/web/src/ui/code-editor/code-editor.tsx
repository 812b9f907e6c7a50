import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, type Extension, Prec } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useRef } from 'react';
import '../../styles/code-editor.css';

// Colours are the design's tokens, so every editor reads in both themes.
const highlight = HighlightStyle.define([
  { tag: tags.keyword, color: 'var(--color-brand-strong)', fontWeight: '600' },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--color-good-text)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--color-warn-text)' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--color-text-muted)', fontStyle: 'italic' },
  { tag: [tags.typeName, tags.standard(tags.name), tags.function(tags.variableName)], color: 'var(--color-info-text)' },
  { tag: tags.propertyName, color: 'var(--color-brand-strong)' },
  { tag: [tags.operator, tags.brace, tags.squareBracket, tags.separator], color: 'var(--color-text-secondary)' },
]);

// The editor lives in a shadow root so its styles go in adopted style sheets: the CSP allows no <style> element.
const theme = EditorView.theme({
  '&': { color: 'var(--color-text)', backgroundColor: 'var(--color-surface)', fontSize: '0.9rem', minHeight: '6rem' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', maxHeight: '24rem', overflow: 'auto' },
  '.cm-content': { caretColor: 'var(--color-text)', padding: '0.6rem 0', minHeight: '6rem' },
  '.cm-line': { padding: '0 0.75rem' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--color-text)' },
  '.cm-placeholder': { color: 'var(--color-text-subtle)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': {
    backgroundColor: 'var(--color-brand-tint)',
  },
});

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Ctrl/Cmd+Enter: run a query, save a value. */
  onRun: () => void;
  /** The language's CodeMirror support; pass a stable value (a module constant or memoised), it is swapped in place. */
  language: Extension;
  /** Classes beside `code-editor` (its border and focus ring). */
  className?: string;
  /** The accessible name of the editing area. */
  label: string;
  testId: string;
  placeholderText?: string;
}

/**
 * The one CodeMirror 6 editor of the console (SQL, InfluxQL, Flux, JSON values): highlighting for the language in
 * use, undo history, Ctrl/Cmd+Enter runs. The document follows `value`; typing reports through `onChange`.
 */
export function CodeEditor({
  value,
  onChange,
  onRun,
  language,
  label,
  testId,
  placeholderText = '',
  className,
}: CodeEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const languageSlot = useRef(new Compartment());
  const placeholderSlot = useRef(new Compartment());
  const handlers = useRef({ onChange, onRun });
  handlers.current = { onChange, onRun };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is made once; value, language and placeholder are pushed below
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
          languageSlot.current.of(language),
          syntaxHighlighting(highlight),
          theme,
          EditorView.lineWrapping,
          placeholderSlot.current.of(placeholderText ? placeholder(placeholderText) : []),
          EditorView.contentAttributes.of({ 'aria-label': label, 'data-testid': testId }),
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
    viewRef.current?.dispatch({
      effects: [
        languageSlot.current.reconfigure(language),
        placeholderSlot.current.reconfigure(placeholderText ? placeholder(placeholderText) : []),
      ],
    });
  }, [language, placeholderText]);

  useEffect(() => {
    const view = viewRef.current;
    if (view && view.state.doc.toString() !== value) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div ref={hostRef} className={className ? `code-editor ${className}` : 'code-editor'} />;
}
