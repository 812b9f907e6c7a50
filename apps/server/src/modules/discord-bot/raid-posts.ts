import type { DomainEvent } from '../../core/event-bus';
import { isDiscordError } from '../../services/discord/discord-rest';
import type { DiscordBotDeps } from './discord-bot-deps';
import { deleteRaidPost, findRaidPost, insertRaidPost, markRaidPostEdited } from './queries';
import { raidPost } from './raid-message';
import { postReader, raidChannelOf, raidForPost, signupWindowDaysOf } from './raid-post-target';

/** Discord's JSON code for a message that no longer exists. */
const UNKNOWN_MESSAGE = 10008;
const DAY_MS = 24 * 60 * 60 * 1000;
/** setTimeout's longest delay; a deadline further away is caught by a later edit. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface PostTarget {
  guildId: string;
  discordGuildId: string;
}

/**
 * The raid posts of this process: a planned raid is posted to its guild's raid channel (when one is set and the raid
 * starts within the sign-up window), and a post is edited in place when answers or the plan change, at most once per
 * DISCORD_POST_EDIT_INTERVAL_MS per raid, however many changes came in between (the first change of a quiet raid is
 * shown at once, the rest together when the interval is over). A post is edited once more when its sign-ups close.
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
      if (event.change.kind === 'planned') this.track(this.post(raidId, event.change));
      else this.scheduleEdit(raidId, event.change);
    }
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) => this.deps.log.warn({ err: error }, 'Discord raid post failed'));
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
  }

  /** Posts a newly planned raid in its guild's raid channel and keeps where. */
  private async post(raidId: string, target: PostTarget): Promise<void> {
    const channelId = await raidChannelOf(this.deps.db, target.guildId);
    if (!channelId) return;
    const raid = await raidForPost(this.deps, postReader(target.guildId, target.discordGuildId), raidId);
    const windowDays = await signupWindowDaysOf(this.deps.db, target.guildId);
    if (Date.parse(raid.startsAt) - Date.now() > windowDays * DAY_MS) return;
    const message = await this.deps.rest.createMessage(
      channelId,
      raidPost(raid, raid.signups, target.discordGuildId, Date.now()),
    );
    await insertRaidPost(this.deps.db, {
      raid_event_id: raidId,
      guild_id: target.guildId,
      channel_id: channelId,
      message_id: message.id,
    });
    this.lastEditAt.set(raidId, Date.now());
    this.editWhenClosing(raidId, target, raid.signupsCloseAt);
  }

  /** An edit of the raid's post, now when it was not edited within the interval, else when the interval is over. */
  private scheduleEdit(raidId: string, target: PostTarget): void {
    if (!this.unsubscribe || this.waiting.has(raidId)) return;
    const wait = Math.max(0, (this.lastEditAt.get(raidId) ?? 0) + this.deps.settings.postEditIntervalMs - Date.now());
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
    const post = await findRaidPost(this.deps.db, raidId);
    if (!post) return;
    const raid = await raidForPost(this.deps, postReader(target.guildId, target.discordGuildId), raidId);
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
