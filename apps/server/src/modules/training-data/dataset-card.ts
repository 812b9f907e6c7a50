import type { SampleType } from '@guildhall/contract';
import { cardFeatures, DATASET_SPLITS, type DatasetSplit } from './dataset-format';

/** What the card describes: the types written, each split's rows and data file, and the export's request. */
export interface CardInput {
  exportId: string;
  createdAt: string;
  types: SampleType[];
  splits: Record<SampleType, Record<DatasetSplit, { rows: number; path: string }>>;
  request: Record<string, unknown>;
}

/** A YAML scalar: JSON's string syntax is valid YAML, so every string is written quoted and escaped. */
const q = (value: string) => JSON.stringify(value);

/**
 * The dataset card (README.md) a Hugging Face `datasets.load_dataset(folder)` reads: YAML front matter with one
 * config per sample type (its data files per split), dataset_info (features and split sizes), a licence
 * placeholder, then a description with the filters the export used.
 */
export function datasetCard(input: CardInput): string {
  const yaml: string[] = ['---', 'license: other', `pretty_name: ${q('Guildhall bot training samples')}`];
  yaml.push('task_categories:', '- text-classification', 'tags:', '- guildhall', '- discord-bot');
  yaml.push('configs:');
  for (const [i, type] of input.types.entries()) {
    yaml.push(`- config_name: ${type}`);
    if (i === 0) yaml.push('  default: true');
    yaml.push('  data_files:');
    for (const split of DATASET_SPLITS) {
      yaml.push(`  - split: ${split}`, `    path: ${q(input.splits[type][split].path)}`);
    }
  }
  yaml.push('dataset_info:');
  for (const type of input.types) {
    yaml.push(`- config_name: ${type}`, '  features:');
    for (const feature of cardFeatures(type)) yaml.push(`  - name: ${feature.name}`, `    dtype: ${feature.dtype}`);
    yaml.push('  splits:');
    for (const split of DATASET_SPLITS) {
      yaml.push(`  - name: ${split}`, `    num_examples: ${input.splits[type][split].rows}`);
    }
  }
  yaml.push('---', '');

  const counts = input.types.map((type) => {
    const split = input.splits[type];
    const total = DATASET_SPLITS.reduce((sum, name) => sum + split[name].rows, 0);
    return `| ${type} | ${split.train.rows} | ${split.validation.rows} | ${split.test.rows} | ${total} |`;
  });
  const body = [
    '# Guildhall bot training samples',
    '',
    `Exported by Guildhall on ${input.createdAt} (export ${input.exportId}).`,
    '',
    "The bot's samples: `memory` (what memory extraction pulled out of a message) and `intent` (whether to answer",
    "a message). A reviewer's corrected label is applied (`should_respond`, `vibe_classification`, `extracted_gems`,",
    "`extracted_event`) and the bot's original is kept beside it (`original_*`); `label_corrections` holds the",
    "reviewer's whole correction. Nested values (`conversation_history`, gems, event, corrections) are JSON text.",
    '',
    "Splits are stable: a sample's split comes from the md5 of its id (first 32 bits modulo 100: below 80 train,",
    'below 90 validation, else test), so it stays in the same split in every export.',
    '',
    '| config | train | validation | test | total |',
    '| --- | --- | --- | --- | --- |',
    ...counts,
    '',
    '## Filters used',
    '',
    '```json',
    JSON.stringify(input.request, null, 2),
    '```',
    '',
    '## Licence',
    '',
    'Set the licence of this data before sharing it (`license: other` is a placeholder).',
    '',
  ];
  return `${yaml.join('\n')}\n${body.join('\n')}`;
}
