import type { DomainEvent } from '../../core/event-bus';
import { isDiscordError } from '../../services/discord/discord-rest';
import type { DiscordBotDeps } from './discord-bot-deps';
import {
  claimPostEdit,
  claimRaidPost,
  deleteRaidPost,
  insertRaidPost,
  markRaidPostEdited,
  releaseRaidPostClaim,
  selectRaidsToPost,
} from './queries';
import { raidPost } from './raid-message';
import { postReader, raidChannelOf, raidForPost, signupWindowDaysOf } from './raid-post-target';

/** Discord's JSON code for a message that no longer exists. */
const UNKNOWN_MESSAGE = 10008;
const DAY_MS = 24 * 60 * 60 * 1000;
/** setTimeout's longest delay; a deadline further away is caught by a later edit. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** A posting claim older than this was left by a process that died half-way: another may take it over. */
const POST_CLAIM_STALE_MS = 2 * 60_000;
/** Raids posted per run of postEnteringWindow. */
const POSTS_PER_RUN = 50;

interface PostTarget {
  guildId: string;
  discordGuildId: string;
}

/**
 * The raid posts of this process: a planned raid is posted to its guild's raid channel (when one is set and the raid
 * starts within the sign-up window; later raids of a series when they enter it, postEnteringWindow), and a post is
 * edited in place when answers or the plan change, at most once per DISCORD_POST_EDIT_INTERVAL_MS per raid, however
 * many changes came in between (the first change of a quiet raid is shown at once, the rest together when the interval
 * is over). A post is edited once more when its sign-ups close. Both hold across processes: a raid is posted by the
 * process that claims it, and each edit claims the raid's edit slot in the database, so two processes following the
 * same raid edit it once per interval together (the one that finds the slot taken tries again when it frees).
 */
export class RaidPosts {
  private readonly waiting = new Map<string, NodeJS.Timeout>();
  private readonly lastEditAt = new Map<string, number>();
  private readonly closing = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: DiscordBotDeps) {}

  start(): void {
    if (!this.deps.rest.hasBotToken || this.unsubscribe) return;
    this.unsubscribe = this.deps.bus.subscribe((event) => this.follow(event));
  }

  /** Stops following changes, drops waiting edits and waits for those under way. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const timer of [...this.waiting.values(), ...this.closing.values()]) clearTimeout(timer);
    this.waiting.clear();
    this.closing.clear();
    await Promise.allSettled([...this.running]);
  }

  /** Resolves once every post and edit under way is done (tests and benchmarks count them). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private follow(event: DomainEvent): void {
    if (event.type === 'raid.answered') this.scheduleEdit(event.answer.raidId, event.answer);
    if (event.type !== 'raid.changed') return;
    for (const raidId of event.change.raidIds) {
      if (event.change.kind === 'planned') this.track(this.post(raidId, event.change).then(() => undefined));
      else this.scheduleEdit(raidId, event.change);
    }
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) => this.deps.log.warn({ err: error }, 'Discord raid post failed'));
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
  }

  /** Posts the raids that entered their guild's posting window without a post (run by the bot's upkeep); how many. */
  async postEnteringWindow(): Promise<number> {
    if (!this.unsubscribe) return 0;
    const defaultDays = await signupWindowDaysOf(this.deps.db, null);
    let posted = 0;
    for (const raid of await selectRaidsToPost(this.deps.db, defaultDays, POSTS_PER_RUN)) {
      const target = { guildId: raid.guild_id, discordGuildId: raid.discord_guild_id };
      if (await this.post(raid.raid_event_id, target).catch((error: unknown) => this.failed(error))) posted++;
    }
    return posted;
  }

  private failed(error: unknown): false {
    this.deps.log.warn({ err: error }, 'Discord raid post failed');
    return false;
  }

  /**
   * Posts a raid in its guild's raid channel when it starts within the window, and keeps where; whichever process
   * claims the raid first posts it. True when this call posted it.
   */
  private async post(raidId: string, target: PostTarget): Promise<boolean> {
    const channelId = await raidChannelOf(this.deps.db, target.guildId);
    if (!channelId) return false;
    const raid = await raidForPost(this.deps, postReader(target.guildId, target.discordGuildId), raidId);
    const windowDays = await signupWindowDaysOf(this.deps.db, target.guildId);
    if (Date.parse(raid.startsAt) - Date.now() > windowDays * DAY_MS) return false;
    if (!(await claimRaidPost(this.deps.db, raidId, POST_CLAIM_STALE_MS))) return false;
    let messageId: string;
    try {
      messageId = (await this.deps.rest.createMessage(channelId, raidPost(raid, raid.signups, target.discordGuildId, Date.now())))
        .id;
    } catch (error) {
      await releaseRaidPostClaim(this.deps.db, raidId);
      throw error;
    }
    await insertRaidPost(this.deps.db, {
      raid_event_id: raidId,
      guild_id: target.guildId,
      channel_id: channelId,
      message_id: messageId,
    });
    this.lastEditAt.set(raidId, Date.now());
    this.editWhenClosing(raidId, target, raid.signupsCloseAt);
    return true;
  }

  /**
   * An edit of the raid's post, now when this process did not edit it within the interval, else when the interval is
   * over; `after` (ms) when another process holds the edit slot.
   */
  private scheduleEdit(raidId: string, target: PostTarget, after?: number): void {
    if (!this.unsubscribe || this.waiting.has(raidId)) return;
    const wait = after ?? Math.max(0, (this.lastEditAt.get(raidId) ?? 0) + this.deps.settings.postEditIntervalMs - Date.now());
    const timer = setTimeout(() => {
      this.waiting.delete(raidId);
      this.lastEditAt.set(raidId, Date.now());
      this.track(this.edit(raidId, target));
      this.forgetQuietRaids();
    }, wait);
    timer.unref();
    this.waiting.set(raidId, timer);
  }

  private async edit(raidId: string, target: PostTarget): Promise<void> {
    const raid = await raidForPost(this.deps, postReader(target.guildId, target.discordGuildId), raidId);
    // The slot is claimed right before the edit is sent, so edits reach Discord an interval apart.
    const claim = await claimPostEdit(this.deps.db, raidId, this.deps.settings.postEditIntervalMs);
    if (!claim) return;
    // Another process edited within the interval: edit again once its slot frees, in case this change came after.
    if ('waitMs' in claim) return this.scheduleEdit(raidId, target, claim.waitMs + 1);
    const { post } = claim;
    try {
      await this.deps.rest.editMessage(
        post.channel_id,
        post.message_id,
        raidPost(raid, raid.signups, target.discordGuildId, Date.now()),
      );
    } catch (error) {
      if (!isDiscordError(error, UNKNOWN_MESSAGE)) throw error;
      await deleteRaidPost(this.deps.db, raidId);
      return;
    }
    await markRaidPostEdited(this.deps.db, raidId);
    this.editWhenClosing(raidId, target, raid.cancelledAt ? null : raid.signupsCloseAt);
  }

  /** Drops the last-edit times older than the interval: such a raid's next change is shown at once anyway. */
  private forgetQuietRaids(): void {
    const quietSince = Date.now() - this.deps.settings.postEditIntervalMs;
    for (const [raidId, at] of this.lastEditAt) if (at < quietSince && !this.waiting.has(raidId)) this.lastEditAt.delete(raidId);
  }

  /** One more edit just after sign-ups close, so the post says so and drops its buttons. */
  private editWhenClosing(raidId: string, target: PostTarget, closesAt: string | null): void {
    clearTimeout(this.closing.get(raidId));
    this.closing.delete(raidId);
    const wait = closesAt ? Date.parse(closesAt) - Date.now() + 1000 : -1;
    if (wait <= 0 || wait > MAX_TIMER_MS) return;
    const timer = setTimeout(() => {
      this.closing.delete(raidId);
      this.scheduleEdit(raidId, target);
    }, wait);
    timer.unref();
    this.closing.set(raidId, timer);
  }
}
