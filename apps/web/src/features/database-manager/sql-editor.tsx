import { sql } from '@codemirror/lang-sql';
import { CodeEditor, type CodeEditorProps } from '../../ui/code-editor/code-editor';

// PostgreSQL's keywords and types are in lang-sql's standard dialect; made once, so the editor never reconfigures.
const SQL = sql();

/** The query runner's SQL editor: the console's code editor with SQL highlighting. */
export function SqlEditor(props: Pick<CodeEditorProps, 'value' | 'onChange' | 'onRun' | 'label'>) {
  return <CodeEditor {...props} language={SQL} testId="sql-editor" placeholderText="SELECT * FROM guilds" />;
}
