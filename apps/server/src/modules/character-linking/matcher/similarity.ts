// Jaro-Winkler similarity: it rewards a shared beginning, which is how players vary a taken name ('Arthass', 'Arthaś').

const matchedInA: boolean[] = [];
const matchedInB: boolean[] = [];

/** Jaro-Winkler similarity 0-1 of two strings (UTF-16 units; folded names are in the Basic Multilingual Plane). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const lengthA = a.length;
  const lengthB = b.length;
  if (lengthA === 0 || lengthB === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(lengthA, lengthB) / 2) - 1);
  // Reused scratch arrays: this runs a few hundred thousand times per matching and should not allocate.
  matchedInA.length = 0;
  matchedInB.length = 0;
  for (let i = 0; i < lengthA; i++) matchedInA.push(false);
  for (let i = 0; i < lengthB; i++) matchedInB.push(false);
  let matches = 0;
  for (let i = 0; i < lengthA; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(i + window + 1, lengthB);
    const code = a.charCodeAt(i);
    for (let j = from; j < to; j++) {
      if (matchedInB[j] || b.charCodeAt(j) !== code) continue;
      matchedInA[i] = true;
      matchedInB[j] = true;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < lengthA; i++) {
    if (!matchedInA[i]) continue;
    while (!matchedInB[k]) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const jaro = (matches / lengthA + matches / lengthB + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < lengthA && prefix < lengthB && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** Whether two different strings are one insertion, deletion, substitution or swap of neighbours apart. */
export function isOneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  const shorter = a.length <= b.length ? a : b;
  const longer = shorter === a ? b : a;
  if (longer.length - shorter.length > 1) return false;
  let start = 0;
  while (start < shorter.length && shorter.charCodeAt(start) === longer.charCodeAt(start)) start++;
  if (longer.length !== shorter.length) return shorter.slice(start) === longer.slice(start + 1);
  if (shorter.slice(start + 1) === longer.slice(start + 1)) return true;
  // A swap of neighbours: 'artahs' and 'arthas'.
  return (
    shorter.charCodeAt(start) === longer.charCodeAt(start + 1) &&
    shorter.charCodeAt(start + 1) === longer.charCodeAt(start) &&
    shorter.slice(start + 2) === longer.slice(start + 2)
  );
}
