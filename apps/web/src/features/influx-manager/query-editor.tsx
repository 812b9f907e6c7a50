import { useMemo } from 'react';
import { CodeEditor, type CodeEditorProps } from '../../ui/code-editor/code-editor';
import { fluxLanguage } from './flux-language';
import { influxqlLanguage } from './influxql-language';

/** The query languages an InfluxDB server may run. */
export type InfluxLanguageName = 'influxql' | 'flux';

const languageSupport = (language: InfluxLanguageName) => (language === 'flux' ? fluxLanguage : influxqlLanguage());

const PLACEHOLDERS: Record<InfluxLanguageName, string> = {
  influxql: 'SELECT * FROM "combat_events" WHERE time > now() - 1h LIMIT 100',
  flux: 'from(bucket: "guildhall") |> range(start: -1h)',
};

interface QueryEditorProps extends Pick<CodeEditorProps, 'value' | 'onChange' | 'onRun' | 'label'> {
  language: InfluxLanguageName;
  testId?: string;
}

/** The InfluxDB query editor: the console's code editor with InfluxQL or Flux highlighting, as the server speaks. */
export function QueryEditor({ language, testId = 'influx-editor', ...editor }: QueryEditorProps) {
  const support = useMemo(() => languageSupport(language), [language]);
  return (
    <CodeEditor
      {...editor}
      language={support}
      testId={testId}
      placeholderText={PLACEHOLDERS[language]}
      className="influx-editor"
    />
  );
}
