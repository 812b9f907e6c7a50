import { DATABASE_QUERY_MESSAGES as M } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { statementRefusal } from './statement-audit';
import { lexSql } from './statement-lexer';

const readOnly = (sql: string, engine: 'postgresql' | 'pglite' = 'postgresql') =>
  statementRefusal(sql, { isReadOnly: true, engine });
const withWrites = (sql: string, engine: 'postgresql' | 'pglite' = 'postgresql') =>
  statementRefusal(sql, { isReadOnly: false, engine });

describe('the SQL lexer', () => {
  it('reads words, quoted identifiers, strings and drops comments', () => {
    const tokens = lexSql(`SELECT "Do", 'it''s', E'a\\'b', $x$ do $x$ -- do\n/* a /* nested */ do */ FROM t`);
    expect(tokens.map((t) => `${t.kind}:${t.value}`)).toEqual([
      'word:select',
      'identifier:Do',
      'other:,',
      "string:it's",
      'other:,',
      "string:a'b",
      'other:,',
      'string: do ',
      'word:from',
      'word:t',
    ]);
  });

  it('follows the longest match: e before a quote is a string, inside a word it is not', () => {
    expect(lexSql(`abe'x'`).map((t) => t.kind)).toEqual(['word', 'string']);
    expect(lexSql(`e'\\''`).map((t) => t.value)).toEqual(["'"]);
  });

  it('keeps $ inside identifiers and parameters apart from dollar quotes', () => {
    expect(lexSql('SELECT a$b$ FROM t').map((t) => t.value)).toEqual(['select', 'a$b$', 'from', 't']);
    expect(lexSql('SELECT $1, $tag$x$tag$').map((t) => t.value)).toEqual(['select', '$1', ',', 'x']);
  });

  it('decodes U& identifiers, with and without UESCAPE', () => {
    expect(lexSql('U&"\\0073et_config"')[0]).toMatchObject({ kind: 'identifier', value: 'set_config' });
    expect(lexSql(`U&"!0073et_config" UESCAPE '!'`)[0]).toMatchObject({ kind: 'identifier', value: 'set_config' });
  });

  it('splits a number from the word after it, as PostgreSQL does', () => {
    expect(lexSql('SELECT 1do').map((t) => t.value)).toEqual(['select', '1', 'do']);
    expect(lexSql('SELECT 1.5e3x').map((t) => t.value)).toEqual(['select', '1.5e3', 'x']);
  });
});

describe('statementRefusal in read-only mode', () => {
  it('runs plain reads, and keywords inside strings, identifiers and comments', () => {
    for (const sql of [
      'SELECT 1',
      `select 'do'`,
      `select 'copy (select 1) to program ''id'''`,
      'select 1 as "do"',
      `select $$ set_config('role','postgres',true) $$`,
      '-- DO $$ $$\nSELECT 1',
      'SELECT * FROM pg_stat_activity',
      `SELECT set_config('search_path', 'public', true)`,
      `SET search_path TO public`,
      `SET LOCAL work_mem = '4MB'`,
      'EXPLAIN SELECT 1',
      `SELECT 'a' || E'\\\\' || 'b'`,
    ]) {
      expect(readOnly(sql), sql).toBeNull();
    }
  });

  it('refuses the issue reproduction: a DO block that sets the role back and copies to a program', () => {
    expect(
      readOnly(`do $$ begin perform set_config('role','postgres',true); execute 'copy (select 1) to program ''id'''; end $$`),
    ).toBe(M.readOnlyDo);
    expect(readOnly('/* hidden */ DO $$ BEGIN NULL; END $$')).toBe(M.readOnlyDo);
    expect(readOnly('/* /* nested */ still a comment */ do language plpgsql $x$ begin end $x$')).toBe(M.readOnlyDo);
  });

  it('refuses COPY, RESET, LOAD', () => {
    expect(readOnly(`copy (select 1) to program 'id'`)).toBe(M.readOnlyCopy);
    expect(readOnly('COPY t TO STDOUT')).toBe(M.readOnlyCopy);
    expect(readOnly('reset role')).toBe(M.readOnlyReset);
    expect(readOnly('RESET ALL')).toBe(M.readOnlyReset);
    expect(readOnly(`LOAD 'plpgsql'`)).toBe(M.readOnlyLoad);
  });

  it('refuses changing role, session authorization and statement timeout, by SET or set_config', () => {
    for (const sql of [
      'SET ROLE postgres',
      'set local role postgres',
      'SET SESSION ROLE postgres',
      'SET SESSION AUTHORIZATION postgres',
      'SET LOCAL SESSION AUTHORIZATION DEFAULT',
      'SET statement_timeout = 0',
      `SET LOCAL "statement_timeout" TO '0'`,
      `SET session_authorization = 'postgres'`,
      `select set_config('role','postgres',false)`,
      `select pg_catalog.set_config('ROLE', 'postgres', true)`,
      `select "set_config"('role','postgres',false)`,
      `select U&"\\0073et_config"('role','postgres',false)`,
      `select set_config('statement_timeout','0',true)`,
      `select set_config('ro' || 'le','postgres',true)`,
      `select set_config(E'role','postgres',true)`,
      `select set_config(name, 'postgres', true) from (values ('role')) v(name)`,
    ]) {
      expect(readOnly(sql), sql).toBe(M.readOnlySet);
    }
  });

  it('refuses functions that reach files, sessions or SQL text, however they are written', () => {
    expect(readOnly(`select pg_read_file('/etc/passwd')`)).toBe(M.readOnlyFunction('pg_read_file'));
    expect(readOnly(`select PG_CATALOG."pg_read_binary_file"('/etc/passwd')`)).toBe(M.readOnlyFunction('pg_read_binary_file'));
    expect(readOnly('select pg_terminate_backend(42)')).toBe(M.readOnlyFunction('pg_terminate_backend'));
    expect(readOnly(`select lo_import('/etc/passwd')`)).toBe(M.readOnlyFunction('lo_import'));
    expect(readOnly(`select query_to_xml('select 1', true, false, '')`)).toBe(M.readOnlyFunction('query_to_xml'));
    expect(readOnly(`select ts_stat('select 1')`)).toBe(M.readOnlyFunction('ts_stat'));
    expect(readOnly(`select * from dblink('x', 'y') as t(a int)`)).toBe(M.readOnlyFunction('dblink'));
  });

  it('audits the whole statement: an attack past the first 2,000 characters is still found', () => {
    const padding = `/* ${'x'.repeat(5000)} */ SELECT '${'y'.repeat(3000)}' AS pad, `;
    expect(readOnly(`${padding}pg_read_file('/etc/passwd')`)).toBe(M.readOnlyFunction('pg_read_file'));
  });

  it('refuses text it cannot read to its end', () => {
    expect(readOnly(`select 'unterminated`)).toBe(M.unreadable('unterminated quoted string'));
    expect(readOnly('select $a$ never closed')).toBe(M.unreadable('unterminated dollar-quoted string'));
    expect(readOnly('select 1 /* open')).toBe(M.unreadable('unterminated /* comment'));
    expect(readOnly(`select U&"!0073et_config" /* x */ /* y */ uescape '!'`)).toBe(M.readOnlySet);
    expect(readOnly(`select U&"!0073et_config" /* a /* nested */ b */ uescape '!'`)).toBe(M.readOnlySet);
    // Inside the nested comment, UESCAPE is no clause: PostgreSQL decodes with \ and so must the check.
    expect(readOnly(`select U&"\\0073et_config" /* a /* b */ uescape '!' */ ('role', 'postgres', true)`)).toBe(M.readOnlySet);
  });
});

describe('statementRefusal on PGlite and with writes', () => {
  it('refuses pg_sleep and COPY … PROGRAM on PGlite in any mode, also inside a DO body', () => {
    expect(readOnly('SELECT pg_sleep(5)', 'pglite')).toBe(M.pgliteSleep('pg_sleep'));
    expect(withWrites(`select pg_sleep_for('1 minute')`, 'pglite')).toBe(M.pgliteSleep('pg_sleep_for'));
    expect(withWrites(`copy (select 1) to program 'id'`, 'pglite')).toBe(M.pgliteProgram);
    expect(withWrites(`do $$ begin execute 'copy (select 1) to program ''id'''; end $$`, 'pglite')).toBe(M.pgliteProgram);
    expect(withWrites('SELECT pg_sleep(5)')).toBeNull();
    expect(withWrites(`COPY t TO STDOUT`, 'pglite')).toBeNull();
  });

  it('keeps audit_log append-only with writes allowed, reads of it still run', () => {
    expect(withWrites('DELETE FROM audit_log')).toBe(M.auditLogAppendOnly);
    expect(withWrites('ALTER TABLE audit_log DISABLE TRIGGER ALL')).toBe(M.auditLogAppendOnly);
    expect(withWrites(`DO $$ BEGIN SET LOCAL session_replication_role = replica; END $$`)).toBe(M.auditLogAppendOnly);
    expect(withWrites('SELECT count(*) FROM audit_log')).toBeNull();
    expect(withWrites(`INSERT INTO t VALUES (1)`)).toBeNull();
  });

  it('leaves writes otherwise alone: DO and SET run when writes are allowed', () => {
    expect(withWrites('DO $$ BEGIN NULL; END $$')).toBeNull();
    expect(withWrites('SET ROLE guildhall_readonly')).toBeNull();
    expect(withWrites(`select 'unterminated`)).toBeNull();
  });
});
