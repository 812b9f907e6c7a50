import type { ColumnDef } from '@tanstack/react-table';

/** A line that names an awarded item: who got it, and from which boss. */
interface AwardedItem {
  characterName: string;
  itemName: string;
  boss: string | null;
}

/** The columns every list of awarded items shows: Character, Item and Boss ('—' when unknown). */
export function awardedItemColumns<Row extends AwardedItem>(): ColumnDef<Row>[] {
  return [
    {
      id: 'character',
      header: 'Character',
      meta: { cellClassName: 'table__strong' },
      cell: ({ row }) => row.original.characterName,
    },
    { id: 'item', header: 'Item', cell: ({ row }) => row.original.itemName },
    { id: 'boss', header: 'Boss', cell: ({ row }) => row.original.boss ?? '—' },
  ];
}
