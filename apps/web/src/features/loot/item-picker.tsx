import { LOOT_SLOT_LABELS, type LootItem } from '@guildhall/contract';
import { useLootItemsQuery } from '../../api/loot';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { Combobox, type ComboboxAnswer } from '../../ui/combobox';

/** Items the pickers have listed, by id: choosing an option hands back the whole item (slot, level, boss). */
const listedItems = new Map<string, LootItem>();

/** The options for a search in the selected guild's items (catalog and imported loot). */
function useItemOptions(search: string, isOpen: boolean): ComboboxAnswer {
  const guildId = useCommunitySession().selectedGuild?.id ?? '';
  const items = useLootItemsQuery(guildId, search, isOpen);
  const found = items.data?.items ?? [];
  for (const item of found) listedItems.set(String(item.itemId), item);
  return {
    isLoading: items.isLoading,
    options: found.map((item) => ({
      id: String(item.itemId),
      label: item.name,
      detail: [item.slot ? LOOT_SLOT_LABELS[item.slot] : null, item.itemLevel ? `item level ${item.itemLevel}` : null, item.boss]
        .filter(Boolean)
        .join(' · '),
    })),
  };
}

interface ItemPickerProps {
  label: string;
  selected: LootItem | null;
  onSelect: (item: LootItem) => void;
  error?: string;
  testId?: string;
}

/** An item searched by name or id in the catalog and the guild's loot. */
export function ItemPicker({ label, selected, onSelect, error, testId }: ItemPickerProps) {
  return (
    <Combobox
      label={label}
      placeholder="Search items by name or id"
      selectedText={selected?.name ?? ''}
      selectedId={selected ? String(selected.itemId) : null}
      emptyText="No item found"
      error={error}
      testId={testId}
      useOptions={useItemOptions}
      onSelect={(option) => {
        const item = listedItems.get(option.id);
        if (item) onSelect(item);
      }}
    />
  );
}
