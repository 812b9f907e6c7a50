// Writes evaluation-set.json from build-set.ts (run after changing a rule or a hard case).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildEvaluationSet } from './build-set';

const target = path.join(import.meta.dirname, '..', 'evaluation-set.json');
const set = buildEvaluationSet();
writeFileSync(target, `${JSON.stringify(set, null, 2)}\n`);
console.log(`${set.pairs.length} pairs (${set.pairs.filter((pair) => pair.isSamePlayer).length} true) → ${target}`);
