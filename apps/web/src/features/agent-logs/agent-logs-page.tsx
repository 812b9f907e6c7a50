import { useDocumentTitle } from '../../ui/use-document-title';

/** The bot's agent turns (issue 16): list, detail, charts. */
export function AgentLogsPage() {
  useDocumentTitle('Agent Logs');
  return (
    <div className="page">
      <header className="page__header">
        <h1>Agent Logs</h1>
      </header>
    </div>
  );
}
