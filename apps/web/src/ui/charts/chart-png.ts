import type uPlot from 'uplot';
import type { ChartPalette } from './chart-palette';

const HEADER_PX = 34;

/**
 * The chart as a PNG: the plot's canvas (lines, axes and grid are drawn there) on the surface colour, under a
 * header with the title and a key of the series, so the picture reads on its own.
 */
export function chartPng(plot: uPlot, palette: ChartPalette, title: string, names: readonly string[]): Promise<Blob> {
  const source = plot.ctx.canvas;
  const ratio = source.width / Math.max(1, plot.width);
  const header = Math.round(HEADER_PX * ratio);
  const canvas = document.createElement('canvas');
  canvas.width = source.width;
  canvas.height = source.height + header;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no 2D canvas'));
  const font = getComputedStyle(plot.root).fontFamily;
  context.fillStyle = palette.surface;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.textBaseline = 'middle';
  context.fillStyle = palette.text;
  context.font = `600 ${13 * ratio}px ${font}`;
  context.fillText(title, 8 * ratio, header / 2);
  let x = 16 * ratio + context.measureText(title).width;
  context.font = `${12 * ratio}px ${font}`;
  names.forEach((name, index) => {
    context.fillStyle = palette.lines[index % palette.lines.length]!;
    context.fillRect(x, header / 2 - 5 * ratio, 10 * ratio, 10 * ratio);
    context.fillStyle = palette.text;
    context.fillText(name, x + 14 * ratio, header / 2);
    x += 26 * ratio + context.measureText(name).width;
  });
  context.drawImage(source, 0, header);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no image'))), 'image/png'),
  );
}
