import { useDocumentTitle } from '../../ui/use-document-title';

/** The bot's ML training data (issue 16): statistics, samples, review queue, export. */
export function TrainingDataPage() {
  useDocumentTitle('Training Data');
  return (
    <div className="page">
      <header className="page__header">
        <h1>Training Data</h1>
      </header>
    </div>
  );
}
