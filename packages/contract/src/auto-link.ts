/** Automatic character linking thresholds (spec 1 §9): the search minimum, the apply threshold and the band floors, as scores 0-1. */
export const AUTO_LINK = {
  minScore: 0.8,
  applyThreshold: 0.95,
  bands: { high: 0.95, medium: 0.85, low: 0.8 },
} as const;

/** The confidence band of an automatic link match (spec 1 §2 'Automatic Character Linking'). */
export type ConfidenceBand = 'high' | 'medium' | 'low';

/** The band of a match score 0-1: high ≥ 0.95, medium 0.85-0.95, low 0.80-0.85, else null (shared so the web bands exactly as the server). */
export function confidenceBand(score: number): ConfidenceBand | null {
  if (score >= AUTO_LINK.bands.high) return 'high';
  if (score >= AUTO_LINK.bands.medium) return 'medium';
  if (score >= AUTO_LINK.bands.low) return 'low';
  return null;
}
