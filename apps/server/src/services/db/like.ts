/** Text as a literal inside a LIKE/ILIKE pattern: its backslashes, % and _ escaped (PostgreSQL's default escape). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern that finds the text anywhere: `%text%`, the text taken literally. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
