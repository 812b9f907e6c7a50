import { LONG_TEXT_PREVIEW_CHARS } from '@guildhall/contract';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CellValue, cellText, isTruncatedText, LONG_TEXT, previewText, truncatedNote } from './cell-value';

const render = (value: unknown, type = 'text') => renderToStaticMarkup(createElement(CellValue, { value, type }));

describe('a cell of the result grid', () => {
  const cut = { truncatedText: 'a'.repeat(LONG_TEXT_PREVIEW_CHARS), length: 100_000 };

  it('shows text the server cut as its first 65,536 characters with the whole length', () => {
    expect(isTruncatedText(cut, 'text')).toBe(true);
    expect(truncatedNote(cut)).toBe('Showing the first 65,536 of 100,000 characters; export the rows to read it whole.');
    const html = render(cut);
    expect(html).toContain('Showing the first 65,536 of 100,000 characters');
    // The cut text opens with the ordinary 200-character preview and its Show all.
    expect(html).toContain(`${'a'.repeat(LONG_TEXT)}…`);
    expect(html).toContain('Show all 65536 characters');
    expect(cellText(cut, 'text')).toHaveLength(LONG_TEXT_PREVIEW_CHARS);
  });

  it('leaves a json value of that shape alone unless its length says the server cut it', () => {
    const doc = { truncatedText: 'x', length: 1 };
    expect(isTruncatedText(doc, 'jsonb')).toBe(false);
    expect(isTruncatedText({ truncatedText: '{"a": "', length: 70_000 }, 'jsonb')).toBe(true);
    expect(render(doc, 'jsonb')).toContain('&quot;truncatedText&quot;: &quot;x&quot;');
    expect(render(doc, 'jsonb')).not.toContain('Showing the first');
  });

  it('cuts ordinary long text at 200 characters with Show all, short text whole', () => {
    expect(render('b'.repeat(201))).toContain('Show all 201 characters');
    expect(render('b'.repeat(200))).not.toContain('Show all');
    expect(render('short')).not.toContain('Showing the first');
  });
});

describe('a value on one line of the grid', () => {
  it('folds line breaks and json indentation, and cuts what no cell could show', () => {
    expect(previewText('first\n  second', 'text')).toBe('first second');
    expect(previewText({ a: [1, 2] }, 'jsonb')).toBe('{"a":[1,2]}');
    const long = previewText('y'.repeat(5000), 'text');
    expect(long.length).toBeLessThan(500);
    expect(long.endsWith('…')).toBe(true);
    expect(previewText(null)).toBe('NULL');
  });
});
