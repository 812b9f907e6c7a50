import { DATA_SOURCE_MESSAGES } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { awardTimeOf, openRclcExport, type RclcLootRow, type RejectedRow } from './parse-rclc-export';

/** The export read as the import reads it (in small chunks, as a request arrives), its lines collected. */
async function parseRclcExport(content: string) {
  const bytes = Buffer.from(content);
  const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, at) => bytes.subarray(at * 7, at * 7 + 7));
  const opened = await openRclcExport(chunks);
  const rows: RclcLootRow[] = [];
  const rejected: RejectedRow[] = [];
  for await (const line of opened.lines) {
    if ('reason' in line) rejected.push(line);
    else rows.push(line);
  }
  return { format: opened.format, rows, rejected };
}

// Lines as RCLootCouncil's ExportCSV writes them (taken from the addon's own import test data).
const CSV_HEADER =
  'player,date,time,id,item,itemID,itemString,response,votes,class,instance,boss,difficultyID,mapID,groupSize,gear1,gear2,responseID,isAwardReason,subType,equipLoc,note,owner';
const CSV_LINE =
  'Vainglöríous-Ravencrest,2025/9/18,19:10:47,1536775847-4,"[Khor, Hammer of the Corrupted]",160679,item:160679::::::::120:104::3:3:4798:1477:4786,Personal Loot - Non tradeable,nil,WARRIOR,Uldir-Normal,Taloc,14,1861,21,,,PL,false,Two-Handed Maces,Two-Hand,,Unknown';
const TSV_HEADER =
  'player\tdate\ttime\titem\titemID\titemString\tresponse\tvotes\tclass\tinstance\tboss\tgear1\tgear2\tresponseID\tisAwardReason\trollType\tsubType\tequipLoc\tnote\towner';
const TSV_LINE =
  'Tester5-Stormscale\t2019/12/29\t17:08:12\t=HYPERLINK("https://www.wowhead.com/item=73646","[Cataclysmic Gladiator\'s Cape of Prowess]")\t73646\titem:73646::::::::42:259\tMainspec/Need\t0\tDEATHKNIGHT\tFirelands-Heroic\tRagnaros\t\t\t1\tfalse\tnormal\tCloth\tBack\tI really want this\tGemenim-Daggerspine';

describe('an RCLootCouncil export', () => {
  it('reads the CSV the addon writes, a quoted item name with its comma included', async () => {
    const parsed = await parseRclcExport(`${CSV_HEADER}\r\n${CSV_LINE}\r\n`);
    expect(parsed.format).toBe('csv');
    expect(parsed.rejected).toEqual([]);
    const [row] = parsed.rows;
    expect(row).toMatchObject({
      line: 2,
      player: 'Vainglöríous-Ravencrest',
      className: 'Warrior',
      itemId: 160679,
      itemName: 'Khor, Hammer of the Corrupted',
      instance: 'Uldir',
      difficulty: 'Normal',
      boss: 'Taloc',
      votes: null,
      owner: null,
    });
    expect(row!.awardedAt.toISOString()).toBe('2025-09-18T19:10:47.000Z');
  });

  it('reads the TSV with its HYPERLINK formula and two-word classes', async () => {
    const parsed = await parseRclcExport(`${TSV_HEADER}\r\n${TSV_LINE}\r\n`);
    expect(parsed.format).toBe('tsv');
    expect(parsed.rows[0]).toMatchObject({
      itemName: "Cataclysmic Gladiator's Cape of Prowess",
      className: 'Death Knight',
      note: 'I really want this',
      owner: 'Gemenim-Daggerspine',
      votes: 0,
    });
  });

  it('refuses what is not an export, and names the missing columns of one that lacks some', async () => {
    await expect(parseRclcExport('name,amount\nfoo,1\n')).rejects.toThrow(DATA_SOURCE_MESSAGES.notAnExport);
    await expect(parseRclcExport('  \n')).rejects.toThrow(DATA_SOURCE_MESSAGES.emptyFile);
    await expect(parseRclcExport('')).rejects.toThrow(DATA_SOURCE_MESSAGES.emptyFile);
    const withoutBossAndClass = CSV_HEADER.replace(',class', '').replace(',boss', '');
    await expect(parseRclcExport(`${withoutBossAndClass}\n`)).rejects.toThrow('The export is missing these columns: class, boss');
  });

  it('rejects a bad line with its line number and a reason, and keeps the good ones', async () => {
    const bad = CSV_LINE.replace('WARRIOR', 'JEDI');
    const badDate = CSV_LINE.replace('2025/9/18', '2025/13/45');
    const parsed = await parseRclcExport([CSV_HEADER, CSV_LINE, bad, '', badDate].join('\n'));
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.rejected.map((row) => [row.line, row.reason])).toEqual([
      [3, 'the class "JEDI" is not a World of Warcraft class'],
      [5, 'the date "2025/13/45" is not a real date'],
    ]);
  });

  it('reads the older day/month/yy dates', () => {
    expect((awardTimeOf('16/9/18', '19:39:44') as Date).toISOString()).toBe('2018-09-16T19:39:44.000Z');
    expect(awardTimeOf('yesterday', '19:39:44')).toBe('the date "yesterday" is not a date (RCLootCouncil writes year/month/day)');
  });
});
