/** '42.3%' with one decimal. */
export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}

/** '1,234' in the browser's locale. */
export function formatCount(value: number): string {
  return value.toLocaleString();
}

/** '12 ms', or an em dash when not measured. */
export function formatMs(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${Math.round(value)} ms`;
}

/** 'not_configured' → 'Not configured'. */
export function formatStatus(status: string): string {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
