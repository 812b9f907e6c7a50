import { pipeline, Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { DATA_SOURCE_MESSAGES, missingColumns, type WowClass, wowClassOf } from '@guildhall/contract';
import { parse } from 'csv-parse';

// RCLootCouncil's loot history exports, as its source writes them (Modules/History/lootHistory.lua):
//   CSV: player,date,time,id,item,itemID,itemString,response,votes,class,instance,boss,difficultyID,mapID,groupSize,
//        gear1,gear2,responseID,isAwardReason,subType,equipLoc,note,owner   (a field holding a comma is quoted)
//   TSV: player,date,time,item,itemID,itemString,response,votes,class,instance,boss,gear1,gear2,responseID,
//        isAwardReason,rollType,subType,equipLoc,note,owner   (tabs, never quoted; item is an =HYPERLINK formula)
// player is 'Name-Realm', date is year/month/day (older versions wrote day/month/yy), time hh:mm:ss, instance is
// 'Instance-Difficulty', class the game's token (WARRIOR, DEATHKNIGHT).

/** The columns both formats carry and the import reads. */
export const RCLC_COLUMNS = [
  'player',
  'date',
  'time',
  'item',
  'itemID',
  'itemString',
  'response',
  'votes',
  'class',
  'instance',
  'boss',
  'note',
  'owner',
] as const;

/** One award of the export, checked. */
export interface RclcLootRow {
  line: number;
  player: string;
  className: WowClass;
  itemId: number;
  itemName: string;
  itemString: string;
  response: string | null;
  votes: number | null;
  instance: string | null;
  difficulty: string | null;
  boss: string | null;
  note: string | null;
  owner: string | null;
  awardedAt: Date;
  /** The source's own id of the award: player, date and time, item string. */
  key: string;
}

/** RCLootCouncil's award as one id: player, date and time, item string (the export's and the bot's alike). */
export const rclcAwardKey = (player: string, awardedAt: Date, itemString: string) =>
  `${player}|${awardedAt.toISOString()}|${itemString}`;

/** A line the import cannot take, and why, in words. */
export interface RejectedRow {
  line: number;
  player: string;
  item: string;
  reason: string;
}

/** A file the import refuses as a whole. */
export class ExportRefused extends Error {
  override name = 'ExportRefused';
}

/** An export opened: its format, and its lines checked one by one as they arrive. */
export interface OpenedExport {
  format: 'csv' | 'tsv';
  /** Every line but the header and empty ones, in order: the award, or the reason it is refused. */
  lines: AsyncIterable<RclcLootRow | RejectedRow>;
}

const text = (value: string | undefined) => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' || trimmed === 'nil' ? null : trimmed;
};

/** '[Name]', an item link '|cff…|Hitem:…|h[Name]|h|r', or the TSV's =HYPERLINK("url","[Name]"): the name. */
export function itemNameOf(raw: string): string {
  const bracketed = raw.match(/\[([^\]]+)\]/);
  if (bracketed) return bracketed[1]!.trim();
  const formula = raw.match(/^=HYPERLINK\(".*?"\s*[,;]\s*"(.*)"\)$/);
  return (formula ? formula[1]! : raw).trim();
}

/** year/month/day or day/month/yy, and hh:mm:ss, as a UTC time (the export carries no zone). */
export function awardTimeOf(date: string, time: string): Date | string {
  const parts = date.trim().split('/');
  if (parts.length !== 3 || parts.some((part) => !/^\d{1,4}$/.test(part))) {
    return `the date "${date}" is not a date (RCLootCouncil writes year/month/day)`;
  }
  const [first, second, third] = parts.map(Number) as [number, number, number];
  const [year, month, day] =
    parts[0]!.length === 4 ? [first, second, third] : [third < 100 ? 2000 + third : third, second, first];
  const clock = time.trim().match(/^(\d{1,2}):(\d{2})(?::(\d{2}))?$/);
  if (!clock) return `the time "${time}" is not a time (hh:mm:ss)`;
  const [hours, minutes, seconds] = [Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return `the time "${time}" is not a time (hh:mm:ss)`;
  const at = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds));
  const isReal = at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
  if (!isReal || year < 2004) return `the date "${date}" is not a real date`;
  return at;
}

/** 'Uldir-Heroic' → Uldir and Heroic; 'Kalimdor-' → Kalimdor and no difficulty. */
function instanceOf(raw: string | null): { instance: string | null; difficulty: string | null } {
  if (!raw) return { instance: null, difficulty: null };
  const at = raw.lastIndexOf('-');
  if (at < 0) return { instance: raw, difficulty: null };
  return { instance: raw.slice(0, at).trim() || null, difficulty: raw.slice(at + 1).trim() || null };
}

/** One record checked: the row, or the reason it is refused. */
function checkRecord(line: number, field: (name: string) => string): RclcLootRow | RejectedRow {
  const player = (field('player') ?? '').trim();
  const itemRaw = field('item') ?? '';
  const itemName = itemNameOf(itemRaw);
  const rejected = (reason: string): RejectedRow => ({ line, player, item: itemName, reason });
  if (!player || player.startsWith('-')) return rejected('the player has no name');
  const itemString = (field('itemString') ?? '').trim();
  if (!/^item:\d+/.test(itemString)) return rejected(`the item string "${itemString}" is not an item string (item:12345:…)`);
  const idText = (field('itemID') ?? '').trim();
  const itemId = Number(idText || itemString.slice(5).split(':')[0]);
  if (!Number.isInteger(itemId) || itemId <= 0) return rejected(`the item id "${idText}" is not a number`);
  if (!itemName) return rejected('the item has no name');
  const classText = (field('class') ?? '').trim();
  const className = wowClassOf(classText);
  if (!className) return rejected(`the class "${classText}" is not a World of Warcraft class`);
  const awardedAt = awardTimeOf(field('date') ?? '', field('time') ?? '');
  if (typeof awardedAt === 'string') return rejected(awardedAt);
  const votesText = text(field('votes'));
  const votes = votesText === null ? null : Number(votesText);
  if (votes !== null && !Number.isInteger(votes)) return rejected(`the votes "${votesText}" are not a number`);
  const owner = text(field('owner'));
  return {
    line,
    player,
    className,
    itemId,
    itemName,
    itemString,
    response: text(field('response')),
    votes,
    ...instanceOf(text(field('instance'))),
    boss: text(field('boss')),
    note: text(field('note')),
    owner: owner === 'Unknown' ? null : owner,
    awardedAt,
    key: rclcAwardKey(player, awardedAt, itemString),
  };
}

/** The text of an upload as it arrives, decoded as UTF-8 across chunk boundaries. */
async function* textOf(chunks: AsyncIterable<string | Buffer> | Iterable<string | Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) {
    const piece = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (piece) yield piece;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/**
 * Opens an RCLootCouncil export as it arrives: reads its first line, refuses a file that is not one
 * (ExportRefused, naming the missing columns when it is one with columns missing), and then checks every other line
 * on its own as it streams past, so one bad line names itself and no more than a chunk of the file is held.
 */
export async function openRclcExport(chunks: AsyncIterable<string | Buffer> | Iterable<string | Buffer>): Promise<OpenedExport> {
  const text = textOf(chunks);
  let head = '';
  let isDone = false;
  // Up to the end of the first line that is not blank (a chunk may end inside it).
  for (;;) {
    const next = await text.next();
    if (next.done) {
      isDone = true;
      break;
    }
    head += next.value;
    if (next.value.includes('\n') && /\S[^\n]*\n/.test(head)) break;
  }
  head = head.replace(/^\uFEFF/, '');
  if (isDone && head.trim() === '') throw new ExportRefused(DATA_SOURCE_MESSAGES.emptyFile);
  const firstLine = head.slice(0, head.search(/\r?\n|$/));
  const format = firstLine.includes('\t') ? 'tsv' : 'csv';
  const header = firstLine.split(format === 'tsv' ? '\t' : ',').map((name) => name.trim());
  const missing = RCLC_COLUMNS.filter((column) => !header.includes(column));
  // A file holding few of the columns is something else altogether.
  if (missing.length > RCLC_COLUMNS.length / 2 || !header.includes('player')) {
    throw new ExportRefused(DATA_SOURCE_MESSAGES.notAnExport);
  }
  if (missing.length > 0) throw new ExportRefused(missingColumns(missing));
  const index = new Map(header.map((name, at) => [name, at]));
  async function* rest() {
    yield head;
    if (!isDone) yield* text;
  }
  // Empty lines are records too (skipped below), so the line numbers can be counted here: the parser's own `info`
  // per record doubled the parse, which is most of an import's time.
  const parser = parse({
    delimiter: format === 'tsv' ? '\t' : ',',
    quote: format === 'tsv' ? false : '"',
    relax_quotes: true,
    relax_column_count: true,
    from_line: 2,
  });
  // An error of the upload (its size limit, a dropped connection) ends the parser with it.
  pipeline(Readable.from(rest()), parser, () => undefined);
  async function* lines(): AsyncGenerator<RclcLootRow | RejectedRow> {
    let nextLine = 2;
    for await (const record of parser as AsyncIterable<string[]>) {
      const line = nextLine;
      // A quoted field may hold line breaks: the next record starts that many lines further on.
      nextLine += 1;
      for (const value of record) if (value.includes('\n')) nextLine += value.split('\n').length - 1;
      if (record.every((value) => value.trim() === '')) continue;
      const field = (name: string) => record[index.get(name)!] ?? '';
      yield record.length < header.length - 2
        ? {
            line,
            player: field('player'),
            item: itemNameOf(field('item')),
            reason: `the line has ${record.length} fields, the header ${header.length}`,
          }
        : checkRecord(line, field);
    }
  }
  return { format, lines: lines() };
}
