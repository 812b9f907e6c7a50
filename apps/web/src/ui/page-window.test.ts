import { describe, expect, it } from 'vitest';
import { pageCount, pageRange, pageWindow } from './page-window';

describe('pageWindow', () => {
  it('shows every page when there are few', () => {
    expect(pageWindow(1, 3, 5)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1, 5)).toEqual([1]);
  });

  it('centres the current page', () => {
    expect(pageWindow(6, 20, 5)).toEqual([4, 5, 6, 7, 8]);
  });

  it('keeps the window full at both ends', () => {
    expect(pageWindow(1, 20, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 20, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(20, 20, 5)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(19, 20, 5)).toEqual([16, 17, 18, 19, 20]);
  });

  it('clamps a page beyond the end', () => {
    expect(pageWindow(99, 7, 5)).toEqual([3, 4, 5, 6, 7]);
  });

  it('has no buttons without pages', () => {
    expect(pageWindow(1, 0, 5)).toEqual([]);
  });
});

describe('pageCount and pageRange', () => {
  it('counts pages with page 1 for an empty list', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it('gives the shown range', () => {
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
    expect(pageRange(1, 10, 42)).toEqual({ from: 1, to: 10 });
    expect(pageRange(5, 10, 42)).toEqual({ from: 41, to: 42 });
  });
});
