import type { TurnOutcome } from '@guildhall/contract';
import { Badge, type BadgeTone } from '../../ui/badge';

const TONES: Record<TurnOutcome, BadgeTone> = { responded: 'good', ignored: 'neutral', error: 'bad' };

/** A turn's outcome in its colour. */
export function TurnOutcomeBadge({ outcome }: { outcome: TurnOutcome }) {
  return <Badge tone={TONES[outcome]}>{outcome}</Badge>;
}
