import type { AutoLinkResults } from '../../api/character-discovery';

/** The figures at the top of the auto-link results. */
export function AutoLinkSummary({ summary }: { summary: AutoLinkResults['summary'] }) {
  const figures = [
    { id: 'total', label: 'Total matches', value: summary.totalMatches },
    { id: 'users', label: 'Users with matches', value: summary.usersWithMatches },
    { id: 'high', label: 'High confidence', value: summary.highConfidence },
    { id: 'medium', label: 'Medium confidence', value: summary.mediumConfidence },
    { id: 'low', label: 'Low confidence', value: summary.lowConfidence },
  ];
  return (
    <dl className="auto-link-summary" data-testid="auto-link-summary">
      {figures.map((figure) => (
        <div
          key={figure.id}
          className={`auto-link-summary__item auto-link-summary__item--${figure.id}`}
          data-testid={`auto-link-summary-${figure.id}`}
        >
          <dt>{figure.label}</dt>
          <dd>{figure.value.toLocaleString()}</dd>
        </div>
      ))}
    </dl>
  );
}
