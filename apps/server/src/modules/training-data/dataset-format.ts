import { createHash } from 'node:crypto';
import type { SampleType } from '@guildhall/contract';
import type { IntentRow, MemoryRow } from './dataset-queries';

/** The Hugging Face splits, in the order the dataset card lists them. */
export const DATASET_SPLITS = ['train', 'validation', 'test'] as const;
export type DatasetSplit = (typeof DATASET_SPLITS)[number];

/**
 * A sample's split, stable across exports: the first 32 bits of the md5 of its id, modulo 100: 0-79 train,
 * 80-89 validation, 90-99 test. The same sample always lands in the same split, whatever the filters.
 */
export function datasetSplit(id: string): DatasetSplit {
  const bucket = createHash('md5').update(id).digest().readUInt32BE(0) % 100;
  return bucket < 80 ? 'train' : bucket < 90 ? 'validation' : 'test';
}

const str = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));
/** A JSON column as the database rendered it: already JSON text. */
const raw = (value: string | null) => value ?? 'null';
const val = (value: number | boolean | null) => (value === null ? 'null' : String(value));

/** One memory sample as a jsonl line (spec 2 §3 field names), corrected label applied, the original beside it. */
export function memoryLine(row: MemoryRow): string {
  return `{"id":${str(row.id)},"timestamp":${str(row.created_at)},"messageContent":${str(row.message_content)},"conversationHistory":${raw(row.conversation_history)},"extractedGems":${raw(row.extracted_gems)},"extractedEvent":${raw(row.extracted_event)},"originalExtractedGems":${raw(row.original_extracted_gems)},"originalExtractedEvent":${raw(row.original_extracted_event)},"extractedMemories":${raw(row.extracted_memories)},"qualityScore":${val(row.quality_score)},"humanVerified":${val(row.human_verified)},"labelCorrections":${raw(row.label_corrections)},"llmProvider":${str(row.llm_provider)},"llmModel":${str(row.llm_model)},"extractionLatencyMs":${val(row.extraction_latency_ms)},"guildId":${str(row.guild_id)},"turnId":${str(row.turn_id)}}\n`;
}

/** One intent sample as a jsonl line: shouldRespond is the reviewer's label when there is one. */
export function intentLine(row: IntentRow): string {
  return `{"id":${str(row.id)},"timestamp":${str(row.created_at)},"currentMessage":${str(row.current_message)},"conversationHistory":${raw(row.conversation_history)},"shouldRespond":${val(row.should_respond)},"originalShouldRespond":${val(row.original_should_respond)},"confidence":${val(row.confidence)},"wasCorrect":${val(row.was_correct)},"actualResponseSent":${val(row.actual_response_sent)},"vibeClassification":${str(row.vibe_classification)},"originalVibeClassification":${str(row.original_vibe_classification)},"temperature":${val(row.temperature)},"qualityScore":${val(row.quality_score)},"humanVerified":${val(row.human_verified)},"labelCorrections":${raw(row.label_corrections)},"providerUsed":${str(row.provider_used)},"modelUsed":${str(row.model_used)},"guildId":${str(row.guild_id)},"turnId":${str(row.turn_id)}}\n`;
}

/** A Parquet column's basic type and the Hugging Face feature dtype it reads as. */
type ColumnKind = 'STRING' | 'JSON_STRING' | 'BOOLEAN' | 'FLOAT' | 'INT32';
const DTYPES: Record<ColumnKind, string> = {
  STRING: 'string',
  JSON_STRING: 'string',
  BOOLEAN: 'bool',
  FLOAT: 'float32',
  INT32: 'int32',
};

/** One column of a Parquet file: its name, kind, whether it may be null, and how to read it from a row. */
export interface DatasetColumn<Row> {
  name: string;
  kind: ColumnKind;
  nullable: boolean;
  value: (row: Row) => string | number | boolean | null;
}

const col = <Row>(name: string, kind: ColumnKind, nullable: boolean, value: DatasetColumn<Row>['value']) => ({
  name,
  kind,
  nullable,
  value,
});

/**
 * The Parquet columns (snake_case, as datasets usually name them). Nested values (conversation history, gems,
 * event, corrections) are JSON text: `json.loads` in the training script gives them back.
 */
export const MEMORY_COLUMNS: DatasetColumn<MemoryRow>[] = [
  col('id', 'STRING', false, (r) => r.id),
  col('timestamp', 'STRING', false, (r) => r.created_at),
  col('message_content', 'STRING', false, (r) => r.message_content),
  col('conversation_history', 'JSON_STRING', false, (r) => r.conversation_history),
  col('extracted_gems', 'JSON_STRING', false, (r) => r.extracted_gems),
  col('extracted_event', 'JSON_STRING', true, (r) => r.extracted_event),
  col('original_extracted_gems', 'JSON_STRING', false, (r) => r.original_extracted_gems),
  col('original_extracted_event', 'JSON_STRING', true, (r) => r.original_extracted_event),
  col('extracted_memories', 'JSON_STRING', false, (r) => r.extracted_memories),
  col('quality_score', 'FLOAT', true, (r) => r.quality_score),
  col('human_verified', 'BOOLEAN', false, (r) => r.human_verified),
  col('label_corrections', 'JSON_STRING', true, (r) => r.label_corrections),
  col('llm_provider', 'STRING', false, (r) => r.llm_provider),
  col('llm_model', 'STRING', false, (r) => r.llm_model),
  col('extraction_latency_ms', 'INT32', true, (r) => r.extraction_latency_ms),
  col('guild_id', 'STRING', true, (r) => r.guild_id),
  col('turn_id', 'STRING', true, (r) => r.turn_id),
];

export const INTENT_COLUMNS: DatasetColumn<IntentRow>[] = [
  col('id', 'STRING', false, (r) => r.id),
  col('timestamp', 'STRING', false, (r) => r.created_at),
  col('current_message', 'STRING', false, (r) => r.current_message),
  col('conversation_history', 'JSON_STRING', false, (r) => r.conversation_history),
  col('should_respond', 'BOOLEAN', false, (r) => r.should_respond),
  col('original_should_respond', 'BOOLEAN', false, (r) => r.original_should_respond),
  col('confidence', 'FLOAT', false, (r) => r.confidence),
  col('was_correct', 'BOOLEAN', true, (r) => r.was_correct),
  col('actual_response_sent', 'BOOLEAN', true, (r) => r.actual_response_sent),
  col('vibe_classification', 'STRING', true, (r) => r.vibe_classification),
  col('original_vibe_classification', 'STRING', true, (r) => r.original_vibe_classification),
  col('temperature', 'FLOAT', true, (r) => r.temperature),
  col('quality_score', 'FLOAT', true, (r) => r.quality_score),
  col('human_verified', 'BOOLEAN', false, (r) => r.human_verified),
  col('label_corrections', 'JSON_STRING', true, (r) => r.label_corrections),
  col('provider_used', 'STRING', false, (r) => r.provider_used),
  col('model_used', 'STRING', false, (r) => r.model_used),
  col('guild_id', 'STRING', true, (r) => r.guild_id),
  col('turn_id', 'STRING', true, (r) => r.turn_id),
];

export const DATASET_COLUMNS = { memory: MEMORY_COLUMNS, intent: INTENT_COLUMNS } as const;

/** The Parquet schema of a type's files: flat columns, REQUIRED or OPTIONAL. */
export function parquetSchema(type: SampleType) {
  const columns = DATASET_COLUMNS[type] as DatasetColumn<unknown>[];
  return [
    { name: 'root', num_children: columns.length },
    ...columns.map((c) => {
      const repetition_type = c.nullable ? ('OPTIONAL' as const) : ('REQUIRED' as const);
      if (c.kind === 'STRING' || c.kind === 'JSON_STRING') {
        return { name: c.name, type: 'BYTE_ARRAY' as const, converted_type: 'UTF8' as const, repetition_type };
      }
      return { name: c.name, type: c.kind, repetition_type };
    }),
  ];
}

/** The dataset card's features of a type, as `datasets` names the Arrow types the Parquet columns read as. */
export function cardFeatures(type: SampleType): { name: string; dtype: string }[] {
  return (DATASET_COLUMNS[type] as DatasetColumn<unknown>[]).map((c) => ({ name: c.name, dtype: DTYPES[c.kind] }));
}
