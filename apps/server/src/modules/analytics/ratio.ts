/** part / whole, or null where there is no whole (a rate of nothing is unknown, not 0). */
export const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
