import type { RedisKeyValue } from '@guildhall/contract';
import { EmptyHint } from '../../ui/query-state';
import { TableScroll } from '../../ui/table-scroll';
import { bytesText } from './key-display';

type StreamPage = Extract<RedisKeyValue, { type: 'stream' }>;

/** A stream's entries, oldest first: the id and its field/value pairs (read only). */
export function StreamValue({ pages }: { pages: readonly StreamPage[] }) {
  const entries = pages.flatMap((page) => page.value);
  if (entries.length === 0) return <EmptyHint>The stream has no entries.</EmptyHint>;
  return (
    <TableScroll label="Stream entries">
      <table className="table redis-elements" data-testid="redis-elements">
        <thead>
          <tr>
            <th scope="col">ID</th>
            <th scope="col">Fields</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="redis-element">
              <td className="redis-mono">{entry.id}</td>
              <td className="redis-elements__value">
                {entry.fields.map(({ field, value }, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a stream entry may repeat a field name
                  <span key={index} className="redis-pair">
                    <span className="redis-pair__field">{bytesText(field)}</span> {bytesText(value)}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
