const STYLE_PROPERTIES = [
  'fill',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'opacity',
  'font-size',
  'font-family',
  'font-weight',
];

/**
 * An SVG chart as a PNG: the drawing is copied with each element's computed colours and fonts written inline (the
 * design's tokens are CSS variables a detached image cannot read), put on the surface colour under its title.
 */
export async function svgPng(svg: SVGSVGElement, title: string): Promise<Blob> {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const sources = [svg, ...svg.querySelectorAll('*')];
  const targets = [copy, ...copy.querySelectorAll('*')];
  sources.forEach((source, index) => {
    const style = getComputedStyle(source);
    const target = targets[index] as SVGElement;
    for (const property of STYLE_PROPERTIES) target.style.setProperty(property, style.getPropertyValue(property));
  });
  const box = svg.getBoundingClientRect();
  const width = Math.max(1, Math.round(box.width));
  const height = Math.max(1, Math.round(box.height));
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  // A data: URL, which the CSP's img-src allows (blob: it does not).
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`;
  const image = new Image();
  image.src = url;
  await image.decode();
  const ratio = window.devicePixelRatio || 1;
  const header = 34;
  const canvas = document.createElement('canvas');
  canvas.width = width * ratio;
  canvas.height = (height + header) * ratio;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  context.scale(ratio, ratio);
  const page = getComputedStyle(svg.closest('.card') ?? document.body);
  context.fillStyle = page.backgroundColor || '#fff';
  context.fillRect(0, 0, width, height + header);
  context.fillStyle = page.color || '#000';
  context.font = `600 13px ${page.fontFamily}`;
  context.textBaseline = 'middle';
  context.fillText(title, 8, header / 2);
  context.drawImage(image, 0, header, width, height);
  return await new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no image'))), 'image/png'),
  );
}
