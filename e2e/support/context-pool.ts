import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions } from '@playwright/test';

type StorageState = BrowserContextOptions['storageState'];
type Cookie = Parameters<BrowserContext['addCookies']>[0][number];

/** What a pooled context is made with; a journey takes one made with its own. */
export type PoolOptions = Pick<BrowserContextOptions, 'baseURL' | 'viewport' | 'colorScheme'>;

/** What a journey may leave in a browser's storage for an origin, all of it cleared before the next one. */
const STORAGE_TYPES = 'local_storage,session_storage,indexeddb,cache_storage,service_workers';

/** A context taken from the pool, and how to give it back. */
export interface PooledContext {
  context: BrowserContext;
  /** Hands the context back emptied for the next journey, or closes it when the journey failed. */
  giveBack(hasPassed: boolean): Promise<void>;
}

/** The cookies of a storage state, or null when it holds more (origins' storage), which the pool does not restore. */
function cookiesOf(storageState: StorageState): Cookie[] | null {
  if (!storageState) return [];
  const state = typeof storageState === 'string' ? JSON.parse(readFileSync(storageState, 'utf8')) : storageState;
  return state.origins?.length ? null : (state.cookies ?? []);
}

/**
 * Browser contexts a worker's journeys take turns in, one per set of options. A context of its own per journey
 * starts with an empty HTTP cache, so each journey's first page fetched and compiled the app's hundred scripts
 * again (about 1.5 s of every journey on the 2-core machine, measured). Between journeys a context keeps its cache
 * and loses everything else a journey could leave: its pages, cookies, permissions and every visited origin's
 * storage. A journey that failed closes its context, so whatever went wrong does not reach the next one.
 */
export class ContextPool {
  private readonly idle = new Map<string, BrowserContext>();

  constructor(private readonly browser: Browser) {}

  /** A context with the options, signed in as the storage state says; null when the state cannot be pooled. */
  async take(options: PoolOptions, storageState: StorageState): Promise<PooledContext | null> {
    const cookies = cookiesOf(storageState);
    if (!cookies) return null;
    const key = JSON.stringify(options);
    const context = this.idle.get(key) ?? (await this.browser.newContext({ ...options, storageState: undefined }));
    this.idle.delete(key);
    await context.clearCookies();
    if (cookies.length) await context.addCookies(cookies);
    const origins = new Set<string>();
    const noteOrigin = (url: string) => {
      if (/^https?:/.test(url)) origins.add(new URL(url).origin);
    };
    const onRequest = (req: { url(): string }) => noteOrigin(req.url());
    context.on('request', onRequest);
    return {
      context,
      giveBack: async (hasPassed) => {
        context.off('request', onRequest);
        if (!hasPassed || this.idle.has(key)) return void (await context.close().catch(() => undefined));
        try {
          await this.empty(context, origins);
          this.idle.set(key, context);
        } catch {
          await context.close().catch(() => undefined);
        }
      },
    };
  }

  /** Closes the contexts waiting for a journey. */
  async close(): Promise<void> {
    await Promise.all([...this.idle.values()].map((context) => context.close().catch(() => undefined)));
    this.idle.clear();
  }

  /** Clears the origins' storage (through the DevTools protocol, which needs a page of the context) and the pages. */
  private async empty(context: BrowserContext, origins: Set<string>) {
    const page = context.pages()[0] ?? (await context.newPage());
    const session = await context.newCDPSession(page);
    for (const origin of origins) await session.send('Storage.clearDataForOrigin', { origin, storageTypes: STORAGE_TYPES });
    await session.detach();
    for (const open of context.pages()) await open.close();
    await context.clearPermissions();
  }
}
