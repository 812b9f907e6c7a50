import type { DiscordLinkedCharacter, DiscordMembership } from '@guildhall/contract';
import { Star } from 'lucide-react';
import { Badge, type BadgeTone } from '../../ui/badge';
import { formatDate } from '../../ui/format-date';
import { TableScroll } from '../../ui/table-scroll';

/** The guild memberships of a Discord user, current first. */
export function DiscordMemberships({ memberships }: { memberships: DiscordMembership[] }) {
  if (memberships.length === 0) return <p className="muted">Not a member of any guild the bot serves.</p>;
  return (
    <TableScroll label="Guild memberships">
      <table className="table" data-testid="discord-memberships">
        <thead>
          <tr>
            <th scope="col">Guild</th>
            <th scope="col">Nickname</th>
            <th scope="col">Joined</th>
            <th scope="col">Left</th>
          </tr>
        </thead>
        <tbody>
          {memberships.map((membership) => (
            <tr key={membership.guildId}>
              <td>{membership.guildName}</td>
              <td>{membership.nickname ?? <span className="muted">None</span>}</td>
              <td>{membership.joinedAt ? formatDate(membership.joinedAt) : <span className="muted">Unknown</span>}</td>
              <td>
                {membership.leftAt ? (
                  formatDate(membership.leftAt)
                ) : (
                  <Badge tone="good" dot="static">
                    Member
                  </Badge>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

const LINK_TYPE_LABELS: Record<DiscordLinkedCharacter['linkType'], string> = {
  manual: 'Manual',
  automatic: 'Automatic',
  claim: 'Claimed',
};

/** Confidence badge: 80 or more high, 50 or more medium, otherwise low (spec 2 §4). */
const confidenceTone = (confidence: number): BadgeTone => (confidence >= 80 ? 'good' : confidence >= 50 ? 'warn' : 'bad');

/** The characters linked to a Discord user, in every guild. */
export function DiscordCharacters({ characters }: { characters: DiscordLinkedCharacter[] }) {
  if (characters.length === 0) return <p className="muted">No characters are linked.</p>;
  return (
    <TableScroll label="Linked characters">
      <table className="table" data-testid="discord-characters">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Class</th>
            <th scope="col" className="table__number">
              Level
            </th>
            <th scope="col">Guild</th>
            <th scope="col">Link</th>
            <th scope="col" className="table__number">
              Confidence
            </th>
          </tr>
        </thead>
        <tbody>
          {characters.map((character) => (
            <tr key={character.linkId}>
              <td>
                <span className="discord-character-name">
                  {character.name}
                  {character.isPrimary && (
                    <Badge tone="brand" title="Primary character">
                      <Star size={12} aria-hidden="true" />
                      Primary
                    </Badge>
                  )}
                </span>
              </td>
              <td>{character.class}</td>
              <td className="table__number">{character.level}</td>
              <td>{character.guildName}</td>
              <td>
                {LINK_TYPE_LABELS[character.linkType]} · {character.priority}
              </td>
              <td className="table__number">
                {character.confidence === null ? (
                  <span className="muted">—</span>
                ) : (
                  <Badge tone={confidenceTone(character.confidence)}>{character.confidence}%</Badge>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
