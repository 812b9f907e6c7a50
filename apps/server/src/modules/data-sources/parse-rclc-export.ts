import { DATA_SOURCE_MESSAGES, missingColumns, type WowClass, wowClassOf } from '@guildhall/contract';
import { parse } from 'csv-parse/sync';

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

/** A parsed export: its rows, checked one by one. */
export interface ParsedExport {
  format: 'csv' | 'tsv';
  rows: RclcLootRow[];
  rejected: RejectedRow[];
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
    key: `${player}|${awardedAt.toISOString()}|${itemString}`,
  };
}

/**
 * Reads an RCLootCouncil export: refuses a file that is not one (ExportRefused, naming the missing columns when it
 * is one with columns missing), and checks every other line on its own, so one bad line names itself.
 */
export function parseRclcExport(content: string): ParsedExport {
  const body = content.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw new ExportRefused(DATA_SOURCE_MESSAGES.emptyFile);
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const format = firstLine.includes('\t') ? 'tsv' : 'csv';
  const header = firstLine.split(format === 'tsv' ? '\t' : ',').map((name) => name.trim());
  const missing = RCLC_COLUMNS.filter((column) => !header.includes(column));
  // A file holding few of the columns is something else altogether.
  if (missing.length > RCLC_COLUMNS.length / 2 || !header.includes('player')) {
    throw new ExportRefused(DATA_SOURCE_MESSAGES.notAnExport);
  }
  if (missing.length > 0) throw new ExportRefused(missingColumns(missing));
  const index = new Map(header.map((name, at) => [name, at]));
  const records = parse(body, {
    delimiter: format === 'tsv' ? '\t' : ',',
    quote: format === 'tsv' ? false : '"',
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    from_line: 2,
    info: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  const rows: RclcLootRow[] = [];
  const rejected: RejectedRow[] = [];
  for (const { record, info } of records) {
    if (record.every((value) => value.trim() === '')) continue;
    const field = (name: string) => record[index.get(name)!] ?? '';
    const checked =
      record.length < header.length - 2
        ? {
            line: info.lines,
            player: field('player'),
            item: itemNameOf(field('item')),
            reason: `the line has ${record.length} fields, the header ${header.length}`,
          }
        : checkRecord(info.lines, field);
    if ('reason' in checked) rejected.push(checked);
    else rows.push(checked);
  }
  return { format, rows, rejected };
}
