import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, AUDIT_SUBJECTS } from './audit-actions';

/** Past tenses that do not end in -ed. */
const IRREGULAR_PAST = new Set(['reset', 'run', 'set']);
/** The particles of phrasal verbs (signed in, rolled back). */
const PARTICLES = new Set(['in', 'out', 'back']);

describe('the audit action catalog', () => {
  it('names every action <subject>.<past-tense verb> in snake_case', () => {
    const offStyle = AUDIT_ACTION_NAMES.filter((name) => {
      if (!/^[a-z]+(_[a-z]+)*\.[a-z]+(_[a-z]+)*$/.test(name)) return true;
      const words = name.split(/[._]/);
      const verb = PARTICLES.has(words.at(-1)!) ? words.at(-2)! : words.at(-1)!;
      return !verb.endsWith('ed') && !IRREGULAR_PAST.has(verb);
    });
    expect(offStyle).toEqual([]);
  });

  it('holds each name and each label once', () => {
    const labels = Object.values(AUDIT_ACTIONS);
    expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([]);
    expect(new Set(AUDIT_ACTION_NAMES.map((name) => name.toLowerCase())).size).toBe(AUDIT_ACTION_NAMES.length);
    for (const label of labels) expect(label).toMatch(/^[A-Z0-9].{2,60}$/);
  });

  it('keeps its subjects in one style too: a few, each named once', () => {
    expect(AUDIT_SUBJECTS).toContain('admin');
    expect(AUDIT_SUBJECTS).toContain('guild');
    expect(new Set(AUDIT_SUBJECTS).size).toBe(AUDIT_SUBJECTS.length);
    // One word per area: a plural twin ('guilds' beside 'guild') splits what a subject filter finds.
    expect(AUDIT_SUBJECTS.filter((subject) => AUDIT_SUBJECTS.includes(`${subject}s` as never))).toEqual([]);
  });
});
