/** The character linking test page's simulation (spec 2 §4, §9): how long each simulated operation takes. */
export const LINKING_TEST_TIMINGS = { linkMs: 1500, unlinkMs: 1000, batchPauseMs: 500 } as const;

/** The character linking test page's limits (spec 2 §5, §9). */
export const LINKING_TEST_LIMITS = { operationLog: 50, searchDebounceMs: 300, minLevel: 1, maxLevel: 80 } as const;

/** Where a character's data came from on the test page (spec 2 §3 "Character (linking)"). */
export const CHARACTER_SOURCE_TYPES = ['loot_import', 'combat_log', 'wowaudit', 'battlenet', 'raiderio', 'manual'] as const;
/** A character data source type. */
export type CharacterSourceType = (typeof CHARACTER_SOURCE_TYPES)[number];

/** Sort fields of the test page's character list (spec 2 §5). */
export const LINKING_TEST_SORTS = ['name', 'level', 'class', 'server', 'itemLevel', 'lastActive'] as const;
/** A sort field of the test page. */
export type LinkingTestSort = (typeof LINKING_TEST_SORTS)[number];

/** Statuses of an operation in the progress modal (spec 2 §4). */
export const OPERATION_STATUSES = ['pending', 'in-progress', 'success', 'error', 'warning'] as const;
/** An operation status. */
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

/** 'Are you sure you want to unlink {character} from {user}?', the test page's unlink confirmation. */
export const confirmUnlinkText = (character: string, user: string) =>
  `Are you sure you want to unlink ${character} from ${user}?`;
