/**
 * Rules every text the API receives obeys, whatever the field: no NUL character (PostgreSQL cannot store one), no
 * unpaired surrogate (not Unicode text) and a bounded nesting depth; and the stricter rule of names people see (guilds,
 * characters, admins, roles, templates).
 */

/** How deep a request's JSON (or one item of the bot's batches) may nest: far past any real payload. */
export const MAX_NESTING_DEPTH = 64;

/** Whether a text holds U+0000, which PostgreSQL refuses in text and jsonb. */
export const hasNulCharacter = (text: string) => text.includes('\u0000');

// A UTF-16 surrogate without its partner (JSON can carry one as "\ud800"): no character at all.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether a text holds a lone surrogate: not Unicode text, and PostgreSQL's json and jsonb refuse it (the audit log's
 * details, settings and payloads answered 500), while text columns silently store U+FFFD instead.
 */
export const hasLoneSurrogate = (text: string) => LONE_SURROGATE.test(text);

/** The text with each lone surrogate replaced by U+FFFD, so it can be shown (in a field's name, say). */
export const withoutLoneSurrogates = (text: string) => text.replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');

/** The answers of the text rules that hold for every field. */
export const TEXT_RULE_MESSAGES = {
  /** '{field} must not contain a NUL character (U+0000)'. */
  nulCharacter: (field: string) => `${field} must not contain a NUL character (U+0000)`,
  /** '{field} must be valid Unicode text (no unpaired surrogate such as \uD800)'. */
  loneSurrogate: (field: string) => `${field} must be valid Unicode text (no unpaired surrogate such as \\uD800)`,
  /** '{field} is nested too deeply (at most {max} levels)'. */
  tooDeep: (field: string, max = MAX_NESTING_DEPTH) => `${field} is nested too deeply (at most ${max} levels)`,
} as const;

/**
 * What a displayed name must not hold: control characters (C0, DEL, C1: CR, LF, tab…), format characters (bidi
 * embeddings, overrides and isolates U+202A–202E and U+2066–2069, zero-width U+200B–200D, U+FEFF, soft hyphen…) and
 * the line and paragraph separators U+2028/U+2029. Each can forge or hide what a list shows next to it.
 */
const UNSAFE_NAME_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** Whether a name holds a character a displayed name must not (see UNSAFE_NAME_CHARACTER). */
export const hasUnsafeNameCharacter = (name: string) => UNSAFE_NAME_CHARACTER.test(name);

/** '{label} must not contain line breaks, control characters or invisible characters'. */
export const unsafeNameMessage = (label: string) =>
  `${label} must not contain line breaks, control characters or invisible characters`;

/** The rule of a displayed name, as a zod refinement: `z.string().max(100).refine(...displayNameRule('Guild name'))`. */
export const displayNameRule = (label: string) =>
  [(name: unknown) => typeof name !== 'string' || !hasUnsafeNameCharacter(name), { message: unsafeNameMessage(label) }] as const;
