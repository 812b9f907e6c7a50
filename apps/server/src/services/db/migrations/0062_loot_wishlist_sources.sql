-- WoWAudit wishlists (issue 30): a wishlist line is the member's own or imported from WoWAudit. A sync replaces only
-- the imported lines of a character (after the member's own, in WoWAudit's order); the member's own are never touched,
-- and a line the member keeps when they save their list keeps its source.
ALTER TABLE loot_wishlist_items
  ADD COLUMN source text NOT NULL DEFAULT 'member' CHECK (source IN ('member', 'wowaudit'));
