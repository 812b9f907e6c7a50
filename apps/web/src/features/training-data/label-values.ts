import type { IntentSample, MemorySample } from '@guildhall/contract';

/** The label form's fields as text and toggles, for either sample type. */
export interface LabelFormValues {
  shouldRespond: boolean;
  vibe: string;
  quality: string;
  note: string;
  /** Memory gems, one per line: the fact, then '|' and its concepts separated by commas. */
  gems: string;
}

/** The gems as the form's text: 'fact | concept, concept' per line. */
export function gemsText(gems: MemorySample['extractedGems']): string {
  return gems.map((gem) => (gem.concepts.length ? `${gem.fact} | ${gem.concepts.join(', ')}` : gem.fact)).join('\n');
}

/** The form's gem lines as gems; blank lines are left out. */
export function parseGems(text: string): MemorySample['extractedGems'] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [fact = '', concepts = ''] = line.split('|');
      return {
        fact: fact.trim(),
        concepts: concepts
          .split(',')
          .map((concept) => concept.trim())
          .filter(Boolean),
      };
    });
}

/** The form filled from a sample, its earlier correction first. */
export function initialLabelValues(sample: IntentSample | MemorySample): LabelFormValues {
  const previous = sample.labelCorrections ?? {};
  const quality = typeof previous.qualityScore === 'number' ? previous.qualityScore : sample.qualityScore;
  const note = typeof previous.note === 'string' ? previous.note : '';
  if ('shouldRespond' in sample) {
    return {
      shouldRespond: typeof previous.shouldRespond === 'boolean' ? previous.shouldRespond : sample.shouldRespond,
      vibe: typeof previous.vibeClassification === 'string' ? previous.vibeClassification : (sample.vibeClassification ?? ''),
      quality: quality === null ? '' : String(quality),
      note,
      gems: '',
    };
  }
  const gems = Array.isArray(previous.extractedGems)
    ? (previous.extractedGems as MemorySample['extractedGems'])
    : sample.extractedGems;
  return { shouldRespond: false, vibe: '', quality: quality === null ? '' : String(quality), note, gems: gemsText(gems) };
}

/** The result of reading the form: the corrections to send, or a message saying what to fix. */
export type LabelResult = { corrections: Record<string, unknown> } | { error: string };

/**
 * The corrections of the form: the fields that differ from the bot's original, and the note when there is one.
 * A quality outside 0..1 or a form that changes nothing is refused with a message.
 */
export function labelCorrectionsOf(sample: IntentSample | MemorySample, values: LabelFormValues): LabelResult {
  const corrections: Record<string, unknown> = {};
  if (values.quality.trim() !== '') {
    const quality = Number(values.quality);
    if (!Number.isFinite(quality) || quality < 0 || quality > 1) return { error: 'Quality must be a number from 0 to 1' };
    if (quality !== sample.qualityScore) corrections.qualityScore = quality;
  }
  if ('shouldRespond' in sample) {
    if (values.shouldRespond !== sample.shouldRespond) corrections.shouldRespond = values.shouldRespond;
    const vibe = values.vibe.trim();
    if (vibe && vibe !== (sample.vibeClassification ?? '')) corrections.vibeClassification = vibe;
  } else {
    const gems = parseGems(values.gems);
    if (gems.some((gem) => !gem.fact)) return { error: 'Every gem needs a fact before its concepts' };
    if (gemsText(gems) !== gemsText(sample.extractedGems)) corrections.extractedGems = gems;
  }
  if (values.note.trim()) corrections.note = values.note.trim();
  return Object.keys(corrections).length === 0 ? { error: 'Change a field or add a note' } : { corrections };
}
