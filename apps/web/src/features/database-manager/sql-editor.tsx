import { sql } from '@codemirror/lang-sql';
import { CodeEditor } from '../../ui/code-editor/code-editor';

// PostgreSQL's keywords and types are in lang-sql's standard dialect; made once, so the editor never reconfigures.
const SQL = sql();

interface SqlEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Ctrl/Cmd+Enter. */
  onRun: () => void;
  label: string;
}

/** The query runner's SQL editor: the console's code editor with SQL highlighting. */
export function SqlEditor({ value, onChange, onRun, label }: SqlEditorProps) {
  return (
    <CodeEditor
      value={value}
      onChange={onChange}
      onRun={onRun}
      language={SQL}
      label={label}
      testId="sql-editor"
      placeholderText="SELECT * FROM guilds"
    />
  );
}
