import { describe, expect, it } from 'vitest';
import { checkFluxRead } from './flux-guard';

const read = 'from(bucket: "guildhall")\n  |> range(start: -1h)\n';

describe('Flux read check', () => {
  it.each([
    `${read}  |> filter(fn: (r) => r._measurement == "combat_events")\n  |> limit(n: 10)`,
    `${read}  |> filter(fn: (r) => r.host == "a" and r._value / 2.0 > 1.0)`,
    `${read}  |> filter(fn: (r) => r._field =~ /^to$/)`,
    `${read}  |> filter(fn: (r) => r._value =~ /a\\/b/) // to(bucket: "x") is a comment`,
    `${read}  |> map(fn: (r) => ({ r with total: r._value * 2.0 }))\n  |> toString()`,
    `import "strings"\n${read}  |> map(fn: (r) => ({ r with up: strings.toUpper(v: r._field) }))`,
    `import s "strings"\nimport "influxdata/influxdb/schema"\nschema.measurements(bucket: "guildhall")`,
    `${read}  |> filter(fn: (r) => r._measurement == "to(bucket: \\"x\\")")`,
    `${read}  |> filter(fn: (r) => r._measurement == "\\\${x}")`,
  ])('lets a read through: %s', (query) => {
    expect(checkFluxRead(query)).toBeNull();
  });

  it.each([
    `${read}  |> to(bucket: "archive")`,
    `t = to\n${read}  |> t(bucket: "archive")`,
    `f = (tables=<-) => tables |> to(bucket: "x")\n${read} |> f()`,
    `${read}  |> to (bucket: "archive")`,
    `${read}  |> /* no block comments in Flux */ to(bucket: "archive")`,
    `${read}  |> filter(fn: (r) => r._value / 2.0 > 1.0) |> to(bucket: "x") // /`,
    `${read}  |> wideTo(bucket: "x")`,
    `x = {f: to}\n${read}  |> x.f(bucket: "x")`,
    `from(bucket: "b", host: "http://169.254.169.254")`,
    `host = "http://10.0.0.1:8086"\nfrom(bucket: "b", host)`,
    `buckets(host: "http://127.0.0.1:1", token: "t")`,
    // After `<-` a `/` divides: what follows is code, not a regex.
    `f = (tables=<- / 1, x = to) => tables / 1\n${read}  |> f()`,
  ])('refuses a writer or another server, however it is named: %s', (query) => {
    expect(checkFluxRead(query)).toMatchObject({ kind: 'name' });
  });

  it.each([
    ['import "sql"\nsql.from(driverName: "postgres", dataSourceName: "x", query: "select 1")', 'sql'],
    ['import "http"\nhttp.post(url: "http://x")', 'http'],
    ['import "experimental/http"\nhttp.get(url: "http://x")', 'experimental/http'],
    ['import "socket"\nsocket.from(url: "tcp://x:1")', 'socket'],
    ['import "csv"\ncsv.from(url: "http://x")', 'csv'],
    ['import "experimental"\nexperimental.to(bucket: "x")', 'experimental'],
    ['import "array"\narray.from(rows: [{a: 1}])', 'array'],
    ['import "influxdata/influxdb"\ninfluxdb.from(bucket: "x")', 'influxdata/influxdb'],
    ['import e "experimental"\ne.to(bucket: "x")', 'experimental'],
  ])('refuses importing anything but the short list: %s', (query, name) => {
    expect(checkFluxRead(query)).toEqual({ kind: 'import', name });
  });

  it('refuses an import it cannot read plainly', () => {
    expect(checkFluxRead('import /* c */ "strings"')).toMatchObject({ kind: 'import' });
    expect(checkFluxRead('import // c\n"strings"')).toMatchObject({ kind: 'import' });
  });

  it('refuses string interpolation and string-keyed properties', () => {
    expect(checkFluxRead(`${read}  |> filter(fn: (r) => r._field == "\${to}")`)).toEqual({ kind: 'interpolation' });
    expect(checkFluxRead('from(bucket: "b", "host": "http://x")')).toEqual({ kind: 'stringKey' });
    expect(checkFluxRead('from(bucket: "b", "host" // c\n : "http://x")')).toEqual({ kind: 'stringKey' });
  });

  it('refuses what no reading closes', () => {
    expect(checkFluxRead('from(bucket: "open')).toEqual({ kind: 'unterminated' });
  });
});
