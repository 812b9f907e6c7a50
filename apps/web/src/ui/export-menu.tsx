import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { chartFileName } from './charts/time-series';
import { formatBytes } from './format-number';
import { saveBlob } from './save-blob';
import { useToast } from './toast-context';
import '../styles/export-menu.css';

/** The formats a table, a result or a chart exports to. */
export type ExportFormat = 'csv' | 'json' | 'png';

const FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'Export CSV', json: 'Export JSON', png: 'Export PNG' };

interface ExportMenuProps<Format extends ExportFormat> {
  formats: readonly Format[];
  onExport: (format: Format) => void;
  /** What is exported, where a screen holds several menus: the buttons are named 'Export CSV: Providers'. */
  subject?: string;
  /** A download is under way: the buttons wait, and `received` bytes are counted in a live status. */
  isRunning?: boolean;
  received?: number;
  isDisabled?: boolean;
  /** A button's words where the spec names it otherwise ('Export (CSV)'). */
  labels?: Partial<Record<ExportFormat, string>>;
  /** `{testId}-{format}` names each button, `{testId}-progress` the count. */
  testId?: string;
  /** 'small' in a card's header or a toolbar (words only); 'normal' beside a page's filters, with an icon. */
  size?: 'small' | 'normal';
  /** Shown after the buttons: a hint, a shortcut. */
  children?: ReactNode;
}

/**
 * The console's export buttons: one per format (CSV, JSON, PNG where a chart), alike on every screen, held while
 * a download runs with its bytes counted.
 */
export function ExportMenu<Format extends ExportFormat>(props: ExportMenuProps<Format>) {
  const { formats, subject, isRunning = false, testId, size = 'small' } = props;
  const buttonClass = `button button--secondary${size === 'small' ? ' button--small' : ''}`;
  const progressId = testId && `${testId}-progress`;
  return (
    <span className="export-menu">
      {formats.map((format) => {
        const label = props.labels?.[format] ?? FORMAT_LABELS[format];
        return (
          <button
            key={format}
            type="button"
            className={buttonClass}
            onClick={() => props.onExport(format)}
            disabled={props.isDisabled || isRunning}
            aria-label={subject ? `${label}: ${subject}` : undefined}
            aria-describedby={isRunning ? progressId : undefined}
            data-testid={testId && (formats.length === 1 ? testId : `${testId}-${format}`)}
          >
            {size === 'normal' && <Download size={16} aria-hidden="true" />}
            {label}
          </button>
        );
      })}
      {isRunning && (
        <span id={progressId} className="export-menu__progress" role="status" data-testid={progressId}>
          Exporting... {formatBytes(props.received ?? 0)}
        </span>
      )}
      {props.children}
    </span>
  );
}

/** What a chart hands the menu: its numbers as CSV text, and its drawing as a PNG (null while nothing is drawn). */
export interface ChartExports {
  csv: () => string;
  png: () => Promise<Blob> | null;
}

/** What a chart's export toasts say when it fails. */
export const CHART_MESSAGES = {
  pngFailed: 'Failed to export chart as PNG',
  exportFailed: 'Failed to export data. Please try again.',
  noChart: 'Chart reference not available',
} as const;

/** The export of a chart: the file named by its title, a failure told in a toast. */
export function useChartExport(title: string, exports: ChartExports) {
  const toast = useToast();
  return async (format: ExportFormat) => {
    if (format === 'csv') {
      try {
        saveBlob(new Blob([exports.csv()], { type: 'text/csv' }), chartFileName(title, 'csv'));
      } catch {
        toast.error(CHART_MESSAGES.exportFailed);
      }
      return;
    }
    const png = exports.png();
    if (!png) {
      toast.error(CHART_MESSAGES.noChart);
      return;
    }
    try {
      saveBlob(await png, chartFileName(title, 'png'));
    } catch {
      toast.error(CHART_MESSAGES.pngFailed);
    }
  };
}
