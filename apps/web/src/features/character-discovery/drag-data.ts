/** The drag data type of a character card, so member drop zones accept characters and nothing else. */
export const CHARACTER_DRAG_TYPE = 'application/x-guildhall-character';

/** Whether a drag carries a character card (types are readable during dragover; the data only on drop). */
export const isCharacterDrag = (types: readonly string[]) => types.includes(CHARACTER_DRAG_TYPE);
