import { type FileHandle, open } from 'node:fs/promises';
import type { SampleType } from '@guildhall/contract';
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import { DATASET_COLUMNS, type DatasetColumn, parquetSchema } from './dataset-format';

/** Rows per row group: a few MB of values, so the writer's buffer stays small and flat. */
export const ROW_GROUP_ROWS = 1000;

/**
 * A ByteWriter that hands its bytes to a file after each row group (hyparquet-writer calls flush() then and
 * waits for it), so the file is never held in memory whole.
 */
class FileByteWriter extends ByteWriter {
  constructor(private readonly file: FileHandle) {
    super(1 << 20);
  }

  flush(): Promise<void> {
    const bytes = new Uint8Array(this.buffer, 0, this.index);
    this.index = 0;
    // The writer awaits this before it encodes more: the buffer is not reused while it is written.
    return this.file.write(bytes).then(() => undefined);
  }

  override finish(): Promise<void> {
    return this.flush();
  }
}

/** One Parquet data file of one sample type, written a row group at a time as rows arrive. */
export class ParquetFile<Row> {
  private readonly columns: DatasetColumn<Row>[];
  private pending: Row[] = [];
  rows = 0;

  private constructor(
    private readonly file: FileHandle,
    private readonly writer: ParquetWriter,
    type: SampleType,
  ) {
    this.columns = DATASET_COLUMNS[type] as unknown as DatasetColumn<Row>[];
  }

  static async create<Row>(filePath: string, type: SampleType): Promise<ParquetFile<Row>> {
    const file = await open(filePath, 'w');
    const writer = new ParquetWriter({
      writer: new FileByteWriter(file),
      // The explicit schema keeps the columns' types when a file gets no row at all.
      schema: parquetSchema(type) as ConstructorParameters<typeof ParquetWriter>[0]['schema'],
      createdBy: 'guildhall dataset export',
    });
    return new ParquetFile<Row>(file, writer, type);
  }

  async add(row: Row): Promise<void> {
    this.pending.push(row);
    if (this.pending.length >= ROW_GROUP_ROWS) await this.writeGroup();
  }

  private async writeGroup() {
    const rows = this.pending;
    if (rows.length === 0) return;
    this.pending = [];
    const columnData = this.columns.map((c) => ({ name: c.name, data: rows.map(c.value) }));
    await this.writer.write({ columnData, rowGroupSize: rows.length });
    this.rows += rows.length;
  }

  /** Writes the last row group and the footer, and closes the file. */
  async close(): Promise<void> {
    try {
      await this.writeGroup();
      await this.writer.finish();
    } finally {
      await this.file.close();
    }
  }

  /** Closes the file without finishing it (the export failed; its folder is removed). */
  async abort(): Promise<void> {
    await this.file.close().catch(() => undefined);
  }
}
