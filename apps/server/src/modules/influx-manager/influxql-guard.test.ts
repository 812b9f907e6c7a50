import { describe, expect, it } from 'vitest';
import { checkInfluxQLRead } from './influxql-guard';

describe('InfluxQL read check', () => {
  it.each([
    'SELECT * FROM m',
    'select value from "bot_health" where time > now() - 1h limit 10',
    'SHOW MEASUREMENTS',
    'SHOW USERS',
    'SHOW CONTINUOUS QUERIES',
    'SHOW TAG VALUES WITH KEY =~ /a;b/',
    'SELECT * FROM "m" WHERE "tag" =~ /a\\/b/ LIMIT 1',
    'SELECT * FROM m WHERE t !~ /;/',
    "SELECT * FROM m WHERE s = 'x;y'",
    "select 'x;y'",
    'SELECT * FROM "a;b"',
    "SELECT * FROM m WHERE s = 'it\\'s; into'",
    'SELECT * FROM /.*/ LIMIT 1',
    'SELECT mean(v) / 2 FROM m GROUP BY time(1m)',
    'SELECT "into" FROM m',
    'SELECT intox, _into, xinto FROM m',
    'SELECT * FROM m;',
    // \' escapes: the whole rest is one string.
    "SELECT 'a\\'; DROP DATABASE x; SELECT '",
    'SELECT * FROM m; -- done',
    '-- read\nSELECT * FROM m',
    '/* read */ SELECT * FROM m',
  ])('lets one read through: %s', (query) => {
    expect(checkInfluxQLRead(query)).toBeNull();
  });

  it.each([
    // `//` is an empty regex, not a comment.
    'SELECT // FROM m; DROP DATABASE x',
    'SELECT * FROM // ; DROP DATABASE x',
    // A regex in a source swallows `/*`, a quote and `--`.
    'SELECT * FROM /*/ ; DROP DATABASE x; SELECT 1 */',
    "SELECT * FROM /'/ ; DROP DATABASE x ; SELECT '/",
    'SELECT * FROM /--/ ; DROP DATABASE x',
    'SELECT * FROM m; DROP DATABASE x',
    "SELECT * FROM m;; CREATE USER x WITH PASSWORD 'y' WITH ALL PRIVILEGES",
    'SELECT 1 /* x */ ; GRANT ALL TO x',
    'SELECT 1 -- x\n; DROP DATABASE x',
    'SELECT * FROM m WHERE a =~ /x\\\\/; DROP DATABASE x; SELECT /y/',
  ])('refuses a second statement however it is hidden: %s', (query) => {
    expect(checkInfluxQLRead(query)).toBe('multipleStatements');
  });

  it.each([
    'DROP DATABASE x',
    "CREATE USER x WITH PASSWORD 'y' WITH ALL PRIVILEGES",
    '; DROP DATABASE x',
    'SELECT * INTO other FROM m',
    'select * into "other" from m',
    'SELECT * FROM (SELECT * INTO other FROM m)',
    'SELECT * FROM m WHERE v > 2.5into',
    'SELECT */**/INTO other FROM m',
    'SELECT // INTO other FROM m',
    'EXPLAIN ANALYZE SELECT * INTO x FROM m',
    'DELETE FROM m',
    'KILL QUERY 1',
    'ALTER RETENTION POLICY autogen ON x DURATION 1h',
    '/ SELECT 1',
    'SELECTx FROM m',
    '-- only a comment',
  ])('refuses anything but SELECT without INTO or SHOW: %s', (query) => {
    expect(checkInfluxQLRead(query)).toBe('notRead');
  });

  it('refuses a text every reading leaves open', () => {
    expect(checkInfluxQLRead("SELECT * FROM m WHERE s = 'open")).toBe('unterminated');
    expect(checkInfluxQLRead('SELECT * FROM "open')).toBe('unterminated');
    expect(checkInfluxQLRead('SELECT * FROM m /* open')).toBe('unterminated');
  });

  it('reads a long query in linear time', () => {
    const query = `SELECT * FROM m WHERE ${Array.from({ length: 5000 }, (_, i) => `a =~ /x${i}/`).join(' OR ')}`;
    const start = performance.now();
    expect(checkInfluxQLRead(query)).toBeNull();
    expect(performance.now() - start).toBeLessThan(2000);
  });
});
