import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, Prec } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useRef } from 'react';
import { fluxLanguage } from './flux-language';
import { influxqlLanguage } from './influxql-language';

/** The query languages an InfluxDB server may run. */
export type InfluxLanguageName = 'influxql' | 'flux';

// Colours are the design's tokens, so the editor reads in both themes (as the PostgreSQL editor's).
const highlight = HighlightStyle.define([
  { tag: tags.keyword, color: 'var(--color-brand-strong)', fontWeight: '600' },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--color-good-text)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--color-warn-text)' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--color-text-muted)', fontStyle: 'italic' },
  { tag: [tags.typeName, tags.standard(tags.name), tags.function(tags.variableName)], color: 'var(--color-info-text)' },
  { tag: tags.propertyName, color: 'var(--color-text-secondary)', fontStyle: 'italic' },
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

const languageSupport = (language: InfluxLanguageName) => (language === 'flux' ? fluxLanguage : influxqlLanguage());

const PLACEHOLDERS: Record<InfluxLanguageName, string> = {
  influxql: 'SELECT * FROM "combat_events" WHERE time > now() - 1h LIMIT 100',
  flux: 'from(bucket: "guildhall") |> range(start: -1h)',
};

interface QueryEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Ctrl/Cmd+Enter. */
  onRun: () => void;
  language: InfluxLanguageName;
  label: string;
  testId?: string;
}

/** A CodeMirror 6 editor for InfluxQL or Flux: highlighting for the language in use, undo, Ctrl/Cmd+Enter runs. */
export function QueryEditor({ value, onChange, onRun, language, label, testId = 'influx-editor' }: QueryEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const languageSlot = useRef(new Compartment());
  const placeholderSlot = useRef(new Compartment());
  const handlers = useRef({ onChange, onRun });
  handlers.current = { onChange, onRun };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is made once; value and language are pushed below
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
          languageSlot.current.of(languageSupport(language)),
          syntaxHighlighting(highlight),
          theme,
          EditorView.lineWrapping,
          placeholderSlot.current.of(placeholder(PLACEHOLDERS[language])),
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
        languageSlot.current.reconfigure(languageSupport(language)),
        placeholderSlot.current.reconfigure(placeholder(PLACEHOLDERS[language])),
      ],
    });
  }, [language]);

  useEffect(() => {
    const view = viewRef.current;
    if (view && view.state.doc.toString() !== value) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div ref={hostRef} className="influx-editor" data-language={language} />;
}
