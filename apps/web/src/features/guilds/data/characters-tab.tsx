import { CHARACTERS_EXPORT_NOTE, type GuildDataSummary } from '@guildhall/contract';
import { Info } from 'lucide-react';
import { formatDateTime, formatRelative } from '../../../ui/format-date';
import { EmptyHint } from '../../../ui/query-state';
import { TableScroll } from '../../../ui/table-scroll';
import { formatCount } from '../../dashboard/format';

/** The first 10 characters and a note to export for the full list (spec 1 §2). */
export function CharactersTab({ summary }: { summary: GuildDataSummary }) {
  const { characters, counts } = summary;
  return (
    <div className="data-tab">
      <p className="data-tab__lead">
        {formatCount(characters.length)} of {formatCount(counts.characters)} characters
      </p>
      {characters.length === 0 ? (
        <EmptyHint>This guild has no characters yet.</EmptyHint>
      ) : (
        <TableScroll label="Characters">
          <table className="table" data-testid="guild-data-characters">
            <thead>
              <tr>
                <th>Name</th>
                <th>Class</th>
                <th className="table__number">Level</th>
                <th>Last seen</th>
              </tr>
            </thead>
            <tbody>
              {characters.map((character) => (
                <tr key={character.id}>
                  <td className="table__strong">{character.name}</td>
                  <td>{character.class}</td>
                  <td className="table__number">{character.level}</td>
                  <td>
                    <time dateTime={character.last_seen ?? undefined} title={formatDateTime(character.last_seen)}>
                      {formatRelative(character.last_seen)}
                    </time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <p className="note" data-testid="characters-export-note">
        <Info size={16} aria-hidden="true" />
        {CHARACTERS_EXPORT_NOTE}
      </p>
    </div>
  );
}
