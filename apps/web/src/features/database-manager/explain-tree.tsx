type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

const num = (value: unknown) => (typeof value === 'number' ? value : null);

/** The root node of EXPLAIN (FORMAT JSON)'s answer: `[{ Plan: {...} }]`. */
export function planRoot(plan: unknown): PlanNode | null {
  const first = Array.isArray(plan) ? plan[0] : plan;
  if (typeof first === 'object' && first !== null && 'Plan' in first) return (first as { Plan: PlanNode }).Plan;
  return null;
}

/** One line of a plan node: its type, what it reads, and its costs (and times when analysed). */
export function describeNode(node: PlanNode): { title: string; detail: string } {
  const parts = [node['Node Type'], node['Join Type'], node.Strategy].filter((part) => typeof part === 'string');
  const target = [
    node['Relation Name'] && `on ${node.Schema ? `${node.Schema}.` : ''}${node['Relation Name']}`,
    node['Index Name'] && `using ${node['Index Name']}`,
  ].filter(Boolean);
  const detail = [
    num(node['Startup Cost']) !== null && `cost ${node['Startup Cost']}..${node['Total Cost']}`,
    num(node['Plan Rows']) !== null && `rows ${node['Plan Rows']}`,
    num(node['Actual Total Time']) !== null && `actual ${node['Actual Total Time']} ms`,
    num(node['Actual Rows']) !== null && `actual rows ${node['Actual Rows']}`,
    typeof node.Filter === 'string' && `filter ${node.Filter}`,
    typeof node['Index Cond'] === 'string' && `cond ${node['Index Cond']}`,
  ].filter(Boolean);
  return { title: [parts.join(' '), ...target].join(' '), detail: detail.join(' · ') };
}

/** EXPLAIN's plan as a nested tree, the root first. */
export function ExplainTree({ plan }: { plan: unknown }) {
  const root = planRoot(plan);
  if (!root) return <pre className="db-code db-code--block">{JSON.stringify(plan, null, 2)}</pre>;
  return (
    <ul className="db-plan" data-testid="explain-tree" aria-label="Query plan">
      <PlanItem node={root} />
    </ul>
  );
}

function PlanItem({ node }: { node: PlanNode }) {
  const { title, detail } = describeNode(node);
  return (
    <li className="db-plan__node">
      <span className="db-plan__title">{title}</span>
      {detail && <span className="db-plan__detail">{detail}</span>}
      {node.Plans && node.Plans.length > 0 && (
        <ul className="db-plan">
          {node.Plans.map((child, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: plan children have no id and never reorder
            <PlanItem key={index} node={child} />
          ))}
        </ul>
      )}
    </li>
  );
}
