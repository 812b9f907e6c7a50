import type { DiscordLinkedCharacter, DiscordMembership } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Star } from 'lucide-react';
import { Badge, type BadgeTone } from '../../ui/badge';
import { DataTable } from '../../ui/data-table';
import { formatDate } from '../../ui/format-date';

const MEMBERSHIP_COLUMNS: ColumnDef<DiscordMembership>[] = [
  { id: 'guild', header: 'Guild', cell: ({ row }) => row.original.guildName },
  { id: 'nickname', header: 'Nickname', cell: ({ row }) => row.original.nickname ?? <span className="muted">None</span> },
  {
    id: 'joined',
    header: 'Joined',
    cell: ({ row: { original: membership } }) =>
      membership.joinedAt ? formatDate(membership.joinedAt) : <span className="muted">Unknown</span>,
  },
  {
    id: 'left',
    header: 'Left',
    cell: ({ row: { original: membership } }) =>
      membership.leftAt ? (
        formatDate(membership.leftAt)
      ) : (
        <Badge tone="good" dot="static">
          Member
        </Badge>
      ),
  },
];

/** The guild memberships of a Discord user, current first. */
export function DiscordMemberships({ memberships }: { memberships: DiscordMembership[] }) {
  if (memberships.length === 0) return <p className="muted">Not a member of any guild the bot serves.</p>;
  return (
    <DataTable
      columns={MEMBERSHIP_COLUMNS}
      rows={memberships}
      getRowId={(membership) => membership.guildId}
      label="Guild memberships"
      testId="discord-memberships"
    />
  );
}

const LINK_TYPE_LABELS: Record<DiscordLinkedCharacter['linkType'], string> = {
  manual: 'Manual',
  automatic: 'Automatic',
  claim: 'Claimed',
};

/** Confidence badge: 80 or more high, 50 or more medium, otherwise low (spec 2 §4). */
const confidenceTone = (confidence: number): BadgeTone => (confidence >= 80 ? 'good' : confidence >= 50 ? 'warn' : 'bad');

const CHARACTER_COLUMNS: ColumnDef<DiscordLinkedCharacter>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: ({ row: { original: character } }) => (
      <span className="discord-character-name">
        {character.name}
        {character.isPrimary && (
          <Badge tone="brand" title="Primary character">
            <Star size={12} aria-hidden="true" />
            Primary
          </Badge>
        )}
      </span>
    ),
  },
  { id: 'class', header: 'Class', cell: ({ row }) => row.original.class },
  { id: 'level', header: 'Level', meta: { className: 'table__number' }, cell: ({ row }) => row.original.level },
  { id: 'guild', header: 'Guild', cell: ({ row }) => row.original.guildName },
  {
    id: 'link',
    header: 'Link',
    cell: ({ row }) => `${LINK_TYPE_LABELS[row.original.linkType]} · ${row.original.priority}`,
  },
  {
    id: 'confidence',
    header: 'Confidence',
    meta: { className: 'table__number' },
    cell: ({ row: { original: character } }) =>
      character.confidence === null ? (
        <span className="muted">—</span>
      ) : (
        <Badge tone={confidenceTone(character.confidence)}>{character.confidence}%</Badge>
      ),
  },
];

/** The characters linked to a Discord user, in every guild. */
export function DiscordCharacters({ characters }: { characters: DiscordLinkedCharacter[] }) {
  if (characters.length === 0) return <p className="muted">No characters are linked.</p>;
  return (
    <DataTable
      columns={CHARACTER_COLUMNS}
      rows={characters}
      getRowId={(character) => character.linkId}
      label="Linked characters"
      testId="discord-characters"
    />
  );
}
