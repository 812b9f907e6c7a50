/** How many line colours the design gives charts (--chart-1 … --chart-8); further series reuse them in turn. */
export const CHART_LINE_COUNT = 8;

/** The colours a canvas chart draws with, resolved for the theme now in force. */
export interface ChartPalette {
  lines: string[];
  text: string;
  axis: string;
  grid: string;
  surface: string;
}

const ROLES = ['text', 'axis', 'grid', 'surface'] as const;

/**
 * Reads the design's tokens as the canvas needs them. A token is written light-dark(…), which a canvas cannot
 * parse, so each is applied to a hidden probe by a class of time-series-chart.css and read back as the computed
 * rgb() colour of the theme in force.
 */
export function readChartPalette(host: HTMLElement): ChartPalette {
  const probe = document.createElement('span');
  probe.setAttribute('aria-hidden', 'true');
  host.append(probe);
  const colourOf = (className: string) => {
    probe.className = `ts-chart__probe ${className}`;
    return getComputedStyle(probe).color;
  };
  const lines = Array.from({ length: CHART_LINE_COUNT }, (_, index) => colourOf(`ts-chart__probe--line-${index + 1}`));
  const [text, axis, grid, surface] = ROLES.map((role) => colourOf(`ts-chart__probe--${role}`)) as [
    string,
    string,
    string,
    string,
  ];
  probe.remove();
  return { lines, text, axis, grid, surface };
}
