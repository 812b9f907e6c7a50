import { z } from 'zod';
import { tenantId } from '../guild-ids';
import { endpoint } from './common';

/**
 * The bot's ML training data (issue 16; spec 2 §2 "ML training data screens", §3, §7 "Training data" and
 * "Admin API client → ML", §8, §9). Two API families read the same samples: /api/admin/training-data (the
 * screens) and /api/admin/ml (review, labels, bulk actions, analytics, dataset export).
 */

export const SAMPLE_TYPES = ['memory', 'intent'] as const;
/** A kind of training sample. */
export type SampleType = (typeof SAMPLE_TYPES)[number];
/** What an export or analytics call covers. */
export const SAMPLE_SCOPES = ['both', 'memory', 'intent'] as const;
export const EXPORT_FORMATS = ['jsonl', 'huggingface'] as const;

/** Spec 2 §9 and §2: list page size, the minimum quality filter, conversation context, export defaults. */
export const TRAINING_DATA_LIMITS = {
  samplePageSize: 10,
  defaultMinQuality: 0.5,
  memoryContextEntries: 3,
  intentContextEntries: 5,
  exportDefaults: {
    sampleType: 'both',
    format: 'jsonl',
    minQualityScore: 0.7,
    verifiedOnly: false,
    withOutcomes: false,
  },
  exportLimit: { min: 100, max: 50_000, step: 100 },
  /** Samples in one ingestion call (POST /api/bot/*). */
  ingestBatch: 500,
  /** The review queue's default and largest batch. */
  queueBatch: 20,
  queueBatchMax: 100,
  /** Ids in one bulk action. */
  bulkMax: 500,
} as const;

/** Spec 2 §8 "Training data", word for word; {type} is memory or intent. */
/**
 * What Training Data means by decision accuracy, shown beside every figure of it (issue 29: the headline and the
 * provider table counted different things).
 */
export const DECISION_ACCURACY_DEFINITION =
  'Decision accuracy is the share of intent decisions whose outcome is known (the bot later learned whether it should have answered) that were right. Decisions without a known outcome are not counted, here or per provider.';

export const TRAINING_DATA_MESSAGES = {
  statisticsFailed: 'Failed to load statistics',
  samplesFailed: (type: SampleType) => `Failed to load ${type} samples`,
  verifyFailed: 'Failed to verify sample',
  exportFailed: 'Export failed',
  dateOrder: 'Start date must be before end date',
  sampleNotFound: 'Sample not found',
  /** Un-verifying is refused: verification is one-way. */
  verifyOneWay: 'A verified sample stays verified',
  exportNotFound: 'Export file not found',
  /** Memory samples carry no confidence to sort by. */
  memoryConfidenceSort: 'Memory samples cannot be sorted by confidence',
  /** A bulk setQuality without a score. */
  qualityRequired: 'Give a quality score between 0 and 1',
  /** Feedback with neither a verdict, a rating nor a comment. */
  feedbackEmpty: 'Give a verdict, a rating or a comment',
  /** The review queue's skip list holds something other than sample ids. */
  skipInvalid: 'Skip must be a comma-separated list of sample ids',
} as const;

/** The export panel's quick date ranges (spec 2 §2). */
export const EXPORT_QUICK_RANGES = [
  { label: 'Today', days: 0 },
  { label: 'Last 7 days', days: 7 },
  { label: 'Last 30 days', days: 30 },
  { label: 'Last 90 days', days: 90 },
] as const;

/** One line of a conversation before the message. */
export const conversationEntry = z.object({ username: z.string().max(100), content: z.string().max(4000) });
export type ConversationEntry = z.infer<typeof conversationEntry>;

const score = z.number().min(0).max(1);

/** Spec 2 §3 "Memory training sample" (provider and modelVersion repeat llmProvider and llmModel). */
export const memorySample = z.object({
  id: z.string().uuid(),
  humanVerified: z.boolean(),
  qualityScore: score.nullable(),
  timestamp: z.string(),
  messageContent: z.string(),
  extractedEvent: z.object({ summary: z.string(), timestamp: z.string().nullable() }).nullable(),
  extractedGems: z.array(z.object({ fact: z.string(), concepts: z.array(z.string()) })),
  gemCount: z.number().int(),
  llmProvider: z.string(),
  llmModel: z.string(),
  extractionLatencyMs: z.number().int().nullable(),
  extractedMemories: z.array(z.object({ type: z.string(), content: z.string(), importance: z.number() })),
  conversationHistory: z.array(conversationEntry),
  provider: z.string(),
  modelVersion: z.string(),
  guildId: tenantId.nullable(),
  turnId: z.string().uuid().nullable(),
  /** A reviewer's corrected label, beside the original fields; null when none. */
  labelCorrections: z.record(z.string(), z.unknown()).nullable(),
});
export type MemorySample = z.infer<typeof memorySample>;

/** Spec 2 §3 "Intent training sample". */
export const intentSample = z.object({
  id: z.string().uuid(),
  humanVerified: z.boolean(),
  shouldRespond: z.boolean(),
  confidence: score,
  timestamp: z.string(),
  currentMessage: z.string(),
  conversationHistory: z.array(conversationEntry),
  temperature: z.number().nullable(),
  vibeClassification: z.string().nullable(),
  providerUsed: z.string(),
  modelUsed: z.string(),
  actualResponseSent: z.boolean().nullable(),
  /** Whether the decision was right; null while the outcome is unknown. */
  wasCorrect: z.boolean().nullable(),
  qualityScore: score.nullable(),
  guildId: tenantId.nullable(),
  turnId: z.string().uuid().nullable(),
  labelCorrections: z.record(z.string(), z.unknown()).nullable(),
});
export type IntentSample = z.infer<typeof intentSample>;

/** Spec 2 §3 "Training statistics". */
export const trainingStatistics = z.object({
  timestamp: z.string(),
  memory: z.object({ totalSamples: z.number(), verifiedSamples: z.number(), avgQualityScore: z.number().nullable() }),
  intent: z.object({
    totalSamples: z.number(),
    verifiedSamples: z.number(),
    respondTrue: z.number(),
    respondFalse: z.number(),
    avgConfidence: z.number().nullable(),
    avgQualityScore: z.number().nullable(),
  }),
  providerPerformance: z.array(
    z.object({
      providerUsed: z.string(),
      sampleCount: z.number(),
      avgConfidence: z.number().nullable(),
      avgQualityScore: z.number().nullable(),
      correctDecisions: z.number(),
      withOutcome: z.number().describe('Samples whose outcome is known (was_correct set): what decision accuracy counts'),
    }),
  ),
  decisionAccuracy: z.object({
    totalWithOutcome: z.number(),
    correctDecisions: z.number(),
    truePositives: z.number(),
    falsePositives: z.number(),
  }),
});
export type TrainingStatistics = z.infer<typeof trainingStatistics>;

const isoDate = z.iso.datetime({ offset: true });
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** A date range where the start must come first. */
const dateRange = <T extends z.ZodObject<{ startDate: z.ZodOptional<z.ZodType>; endDate: z.ZodOptional<z.ZodType> }>>(
  schema: T,
) =>
  // Compared as instants: the two ends may use different offsets or precisions.
  schema.refine(
    (range) => !range.startDate || !range.endDate || Date.parse(String(range.startDate)) <= Date.parse(String(range.endDate)),
    {
      message: TRAINING_DATA_MESSAGES.dateOrder,
      path: ['endDate'],
    },
  );

export const statisticsQuery = dateRange(z.object({ startDate: isoDate.optional(), endDate: isoDate.optional() }));

export const SAMPLE_SORTS = ['timestamp', 'qualityScore', 'confidence'] as const;

/** GET /api/admin/training-data/{memory|intent}: spec 2 §7, sorted and paged in SQL. */
export const sampleListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(TRAINING_DATA_LIMITS.samplePageSize),
  verified: flag.optional(),
  minQuality: z.coerce.number().min(0).max(1).optional(),
  /** Intent samples only. */
  shouldRespond: flag.optional(),
  provider: z.string().trim().max(100).optional(),
  sortBy: z.enum(SAMPLE_SORTS).default('timestamp'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
export type SampleListQuery = z.infer<typeof sampleListQuery>;

/** Spec 2 §3 "Pagination" for samples. */
export const samplePagination = z.object({ page: z.number(), limit: z.number(), total: z.number(), totalPages: z.number() });

/** Spec 2 §3 "Export request"; empty fields are omitted by the panel. */
export const exportRequest = dateRange(
  z.object({
    sampleType: z.enum(SAMPLE_SCOPES).default('both'),
    format: z.enum(EXPORT_FORMATS).default('jsonl'),
    minQualityScore: score.default(TRAINING_DATA_LIMITS.exportDefaults.minQualityScore),
    verifiedOnly: z.boolean().default(false),
    withOutcomes: z.boolean().default(false),
    limit: z.number().int().min(TRAINING_DATA_LIMITS.exportLimit.min).max(TRAINING_DATA_LIMITS.exportLimit.max).optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
  }),
);
export type ExportRequest = z.infer<typeof exportRequest>;

/** One file an export wrote; path is relative to the exports directory and downloads from exportDownload. */
export const exportFile = z.object({
  type: z.string(),
  path: z.string(),
  bytes: z.number().optional(),
  rows: z.number().optional(),
});
export const exportResponse = z.object({
  success: z.literal(true),
  exportId: z.string().uuid(),
  files: z.array(exportFile),
  timestamp: z.string(),
});

/** An export the server wrote, for the exports list. */
export const exportRecord = z.object({
  id: z.string().uuid(),
  format: z.enum(EXPORT_FORMATS),
  sampleType: z.enum(SAMPLE_SCOPES),
  status: z.enum(['running', 'done', 'failed']),
  rowCount: z.number(),
  /** The rows the filters matched when the export started (for a progress bar); null before it is counted. */
  total: z.number().nullable(),
  files: z.array(exportFile),
  error: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type ExportRecord = z.infer<typeof exportRecord>;

const typeParams = z.object({ id: z.string().uuid() });
const typeQuery = z.object({ type: z.enum(SAMPLE_TYPES).default('intent') });

/** The screens' API (spec 2 §7 "Training data"). admin.full_access. */
export const trainingDataApi = {
  statistics: endpoint({
    method: 'GET',
    path: '/api/admin/training-data/statistics',
    summary: 'Training statistics, optionally between two dates',
    query: statisticsQuery,
    response: z.object({ success: z.literal(true), data: trainingStatistics }),
  }),
  memory: endpoint({
    method: 'GET',
    path: '/api/admin/training-data/memory',
    summary: 'Memory samples, filtered, sorted and paged',
    query: sampleListQuery,
    response: z.object({ success: z.literal(true), samples: z.array(memorySample), pagination: samplePagination }),
  }),
  intent: endpoint({
    method: 'GET',
    path: '/api/admin/training-data/intent',
    summary: 'Intent samples, filtered, sorted and paged',
    query: sampleListQuery,
    response: z.object({ success: z.literal(true), samples: z.array(intentSample), pagination: samplePagination }),
  }),
  verifyMemory: endpoint({
    method: 'PUT',
    path: '/api/admin/training-data/memory/:id',
    summary: 'Mark a memory sample verified (one-way)',
    params: typeParams,
    body: z.object({ humanVerified: z.literal(true) }),
    response: z.object({ success: z.literal(true), sample: memorySample }),
  }),
  verifyIntent: endpoint({
    method: 'PUT',
    path: '/api/admin/training-data/intent/:id',
    summary: 'Mark an intent sample verified (one-way)',
    params: typeParams,
    body: z.object({ humanVerified: z.literal(true) }),
    response: z.object({ success: z.literal(true), sample: intentSample }),
  }),
  export: endpoint({
    method: 'POST',
    path: '/api/admin/training-data/export',
    summary: 'Write a dataset export (jsonl or a Hugging Face dataset folder) under the data directory',
    body: exportRequest,
    response: exportResponse,
  }),
} as const;

/** Label corrections a reviewer may make, by sample type. */
export const intentCorrections = z.object({
  shouldRespond: z.boolean().optional(),
  vibeClassification: z.string().max(100).optional(),
  qualityScore: score.optional(),
  note: z.string().max(2000).optional(),
});
export const memoryCorrections = z.object({
  extractedGems: z.array(z.object({ fact: z.string().min(1).max(1000), concepts: z.array(z.string().max(100)) })).optional(),
  extractedEvent: z
    .object({ summary: z.string().max(1000), timestamp: z.string().nullable() })
    .nullable()
    .optional(),
  qualityScore: score.optional(),
  note: z.string().max(2000).optional(),
});

export const BULK_ACTIONS = ['verify', 'delete', 'setQuality'] as const;

/** Analytics of the samples (GET /api/admin/ml/analytics). */
export const mlAnalytics = z.object({
  providerPerformance: trainingStatistics.shape.providerPerformance,
  /** Rows: decided respond / ignore; columns: right decision respond / ignore (from known outcomes). */
  confusionMatrix: z.object({
    truePositives: z.number(),
    falsePositives: z.number(),
    trueNegatives: z.number(),
    falseNegatives: z.number(),
  }),
  /** Samples per quality bucket of 0.1 (bucket 0 is [0, 0.1), bucket 9 is [0.9, 1]); unscored apart. */
  qualityDistribution: z.array(
    z.object({ type: z.enum(SAMPLE_TYPES), bucket: z.number().int().min(0).max(9), count: z.number() }),
  ),
  unscored: z.object({ memory: z.number(), intent: z.number() }),
  verification: z.object({
    memory: z.object({ verified: z.number(), total: z.number() }),
    intent: z.object({ verified: z.number(), total: z.number() }),
  }),
});
export type MlAnalytics = z.infer<typeof mlAnalytics>;

export const mlFeedback = z.object({
  id: z.string().uuid(),
  sampleType: z.enum(SAMPLE_TYPES),
  sampleId: z.string().uuid(),
  wasCorrect: z.boolean().nullable(),
  rating: z.number().int().min(1).max(5).nullable(),
  comment: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});

const anySample = z.discriminatedUnion('type', [
  z.object({ type: z.literal('memory'), sample: memorySample }),
  z.object({ type: z.literal('intent'), sample: intentSample }),
]);

/** The review API (spec 2 §7 "Admin API client → ML"). admin.full_access. */
export const mlApi = {
  samples: endpoint({
    method: 'GET',
    path: '/api/admin/ml/samples',
    summary: 'Samples of one type (default intent), filtered, sorted and paged',
    query: sampleListQuery.extend({ type: z.enum(SAMPLE_TYPES).default('intent') }),
    response: z.object({
      success: z.literal(true),
      type: z.enum(SAMPLE_TYPES),
      samples: z.array(z.union([memorySample, intentSample])),
      pagination: samplePagination,
    }),
  }),
  sample: endpoint({
    method: 'GET',
    path: '/api/admin/ml/samples/:id',
    summary: 'One sample with its agent turn id and feedback',
    params: typeParams,
    query: typeQuery,
    response: z.object({ success: z.literal(true), data: anySample, feedback: z.array(mlFeedback) }),
  }),
  verify: endpoint({
    method: 'PUT',
    path: '/api/admin/ml/samples/:id/verify',
    summary: 'Verify a sample (one-way: verified false is refused once verified)',
    params: typeParams,
    body: z.object({ type: z.enum(SAMPLE_TYPES), verified: z.boolean() }),
    response: z.object({ success: z.literal(true), data: anySample }),
  }),
  label: endpoint({
    method: 'PUT',
    path: '/api/admin/ml/samples/:id/label',
    summary: 'Store a corrected label beside the original (and verify the sample)',
    params: typeParams,
    body: z.discriminatedUnion('type', [
      z.object({ type: z.literal('memory'), corrections: memoryCorrections }),
      z.object({ type: z.literal('intent'), corrections: intentCorrections }),
    ]),
    response: z.object({ success: z.literal(true), data: anySample }),
  }),
  bulkAction: endpoint({
    method: 'POST',
    path: '/api/admin/ml/samples/bulk-action',
    summary: 'Verify, delete or score many samples in one transaction',
    body: z.object({
      sampleIds: z.array(z.string().uuid()).min(1).max(TRAINING_DATA_LIMITS.bulkMax),
      action: z.enum(BULK_ACTIONS),
      type: z.enum(SAMPLE_TYPES),
      data: z.object({ qualityScore: score.optional() }).optional(),
    }),
    response: z.object({ success: z.literal(true), affected: z.number() }),
  }),
  analytics: endpoint({
    method: 'GET',
    path: '/api/admin/ml/analytics',
    summary: 'Provider performance, confusion matrix, quality distribution',
    query: dateRange(
      z.object({ type: z.enum(SAMPLE_SCOPES).default('both'), startDate: isoDate.optional(), endDate: isoDate.optional() }),
    ),
    response: z.object({ success: z.literal(true), data: mlAnalytics }),
  }),
  needingVerification: endpoint({
    method: 'GET',
    path: '/api/admin/ml/samples/needing-verification',
    summary: 'The review queue: unverified samples, oldest first',
    query: z.object({
      type: z.enum(SAMPLE_SCOPES).default('both'),
      limit: z.coerce.number().int().min(1).max(TRAINING_DATA_LIMITS.queueBatchMax).default(TRAINING_DATA_LIMITS.queueBatch),
      /** Ids the reviewer skipped this session (comma-separated), left out of the next batch. */
      skip: z
        .string()
        .max(20_000)
        .regex(
          /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}(,[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12})*$/i,
          TRAINING_DATA_MESSAGES.skipInvalid,
        )
        .optional(),
    }),
    /** remaining: unverified samples in scope, not skipped, including this batch. */
    response: z.object({ success: z.literal(true), data: z.array(anySample), remaining: z.number() }),
  }),
  exportDataset: endpoint({
    method: 'POST',
    path: '/api/admin/ml/export-dataset',
    summary: 'Write a dataset export (spec 2 §7: type, format, filters, filename)',
    body: z.object({
      type: z.enum(SAMPLE_SCOPES).default('both'),
      format: z.enum(EXPORT_FORMATS).default('jsonl'),
      filters: z
        .object({
          minQualityScore: score.optional(),
          verifiedOnly: z.boolean().optional(),
          withOutcomes: z.boolean().optional(),
          limit: z.number().int().min(1).max(TRAINING_DATA_LIMITS.exportLimit.max).optional(),
          startDate: isoDate.optional(),
          endDate: isoDate.optional(),
        })
        .default({}),
      filename: z
        .string()
        .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,80}$/, 'Use letters, digits, dots, dashes and underscores')
        .optional(),
    }),
    response: exportResponse,
  }),
  exports: endpoint({
    method: 'GET',
    path: '/api/admin/ml/exports',
    summary: 'Exports the server wrote and still keeps, newest first',
    response: z.object({ success: z.literal(true), exports: z.array(exportRecord) }),
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/admin/ml/exports/:id/files/*',
    summary: 'Download one file of an export (only files the server wrote)',
    params: z.object({ id: z.string().uuid(), '*': z.string().min(1).max(300) }),
    response: z.unknown(),
  }),
  feedbackList: endpoint({
    method: 'GET',
    path: '/api/admin/ml/feedback',
    summary: 'Feedback on samples, newest first',
    query: z.object({
      sampleId: z.string().uuid().optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: z.object({ success: z.literal(true), data: z.array(mlFeedback) }),
  }),
  feedbackCreate: endpoint({
    method: 'POST',
    path: '/api/admin/ml/feedback',
    summary: 'Record feedback on a sample; an intent verdict sets its outcome',
    body: z
      .object({
        sampleType: z.enum(SAMPLE_TYPES),
        sampleId: z.string().uuid(),
        wasCorrect: z.boolean().optional(),
        rating: z.number().int().min(1).max(5).optional(),
        comment: z.string().trim().max(2000).optional(),
      })
      .refine((body) => body.wasCorrect !== undefined || body.rating !== undefined || Boolean(body.comment), {
        message: TRAINING_DATA_MESSAGES.feedbackEmpty,
        path: ['comment'],
      }),
    response: z.object({ success: z.literal(true), data: mlFeedback }),
  }),
} as const;

/** Progress of a running export, pushed over /admin (event 'ml:export-progress'). */
export const exportProgress = z.object({
  exportId: z.string().uuid(),
  written: z.number(),
  total: z.number().nullable(),
  done: z.boolean(),
});
export type ExportProgress = z.infer<typeof exportProgress>;
