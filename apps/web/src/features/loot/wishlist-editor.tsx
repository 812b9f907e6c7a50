import type { LootItem, WishlistItem } from '@guildhall/contract';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useSaveWishlistMutation } from '../../api/loot';
import { FormError } from '../../ui/form-error';
import { EmptyHint } from '../../ui/query-state';
import { ItemPicker } from './item-picker';

interface WishlistEditorProps {
  guildId: string;
  characterId: string;
  wishlist: readonly WishlistItem[];
  isLocked: boolean;
  canEdit: boolean;
}

/** A character's wishlist, ranked top to bottom, each item with a note; saved whole, until the officers lock it. */
export function WishlistEditor({ guildId, characterId, wishlist, isLocked, canEdit }: WishlistEditorProps) {
  const [lines, setLines] = useState(() => wishlist.map(({ itemId, itemName, note }) => ({ itemId, itemName, note })));
  const save = useSaveWishlistMutation(guildId);
  const isEditable = canEdit && !isLocked;
  const move = (index: number, by: number) =>
    setLines((current) => {
      const next = [...current];
      const [line] = next.splice(index, 1);
      next.splice(index + by, 0, line!);
      return next;
    });
  const add = (item: LootItem) =>
    setLines((current) =>
      current.some((line) => line.itemId === item.itemId)
        ? current
        : [...current, { itemId: item.itemId, itemName: item.name, note: '' }],
    );
  return (
    <section className="panel loot-wishlist" aria-labelledby="wishlist-title" data-testid="wishlist">
      <h2 id="wishlist-title" className="panel__title">
        Wishlist
      </h2>
      {isLocked && <p className="loot-note">Wishlists are locked by the officers: the list below is what the council sees.</p>}
      {lines.length === 0 ? (
        <EmptyHint>No items on this wishlist yet.</EmptyHint>
      ) : (
        <ol className="loot-wishlist__list">
          {lines.map((line, index) => (
            <li key={line.itemId} className="loot-wishlist__line" data-testid="wishlist-line">
              <span className="loot-wishlist__rank">{index + 1}</span>
              <span className="loot-wishlist__name">{line.itemName}</span>
              {isEditable ? (
                <>
                  <input
                    className="input loot-wishlist__note"
                    aria-label={`Note for ${line.itemName}`}
                    maxLength={200}
                    value={line.note}
                    placeholder="Note"
                    onChange={(event) =>
                      setLines((current) => current.map((l, i) => (i === index ? { ...l, note: event.target.value } : l)))
                    }
                  />
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Move ${line.itemName} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp size={16} aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Move ${line.itemName} down`}
                    disabled={index === lines.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown size={16} aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Remove ${line.itemName}`}
                    onClick={() => setLines((current) => current.filter((_, i) => i !== index))}
                  >
                    <Trash2 size={16} aria-hidden="true" />
                  </button>
                </>
              ) : (
                <span className="loot-wishlist__note-text">{line.note}</span>
              )}
            </li>
          ))}
        </ol>
      )}
      {isEditable && (
        <div className="loot-wishlist__actions">
          <ItemPicker label="Add an item" selected={null} onSelect={add} testId="wishlist-add" />
          <button
            type="button"
            className="button button--primary"
            disabled={save.isPending}
            onClick={() => save.mutate({ characterId, body: { items: lines.map(({ itemId, note }) => ({ itemId, note })) } })}
          >
            {save.isPending ? 'Saving...' : 'Save wishlist'}
          </button>
        </div>
      )}
      <FormError error={save.error} />
    </section>
  );
}
