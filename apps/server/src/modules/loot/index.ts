// What other modules (the Discord /wishlist and /standings commands) call: the operations with the member they act for.
export { listStandings, type Standings } from './list-standings';
export type { LootMember } from './loot-member';
export { readCharacterLoot } from './read-character-loot';
export { saveWishlist } from './save-wishlist';
export { searchItems } from './search-items';
