/**
 * A strict RFC 4180 reader for tests: quoted fields with doubled quotes, CRLF record ends. Throws on
 * anything a spreadsheet would misread (a stray quote, a bare LF between records).
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' && field === '') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
      if (i < text.length && text[i] !== ',' && text[i] !== '\r') throw new Error(`text after a closing quote at ${i}`);
      continue;
    }
    if (c === '"') throw new Error(`quote inside an unquoted field at ${i}`);
    if (c === ',') {
      endField();
      i++;
      continue;
    }
    if (c === '\r') {
      if (text[i + 1] !== '\n') throw new Error(`CR without LF at ${i}`);
      endField();
      records.push(record);
      record = [];
      i += 2;
      continue;
    }
    if (c === '\n') throw new Error(`bare LF at ${i}`);
    field += c;
    i++;
  }
  if (field !== '' || record.length > 0) {
    endField();
    records.push(record);
  }
  return records;
}

/** The records as objects keyed by the header row. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  return rows.map((row) => {
    if (row.length !== header.length) throw new Error(`row has ${row.length} fields, header ${header.length}`);
    return Object.fromEntries(header.map((name, i) => [name, row[i]!]));
  });
}
