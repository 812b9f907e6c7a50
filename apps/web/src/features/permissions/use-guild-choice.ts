import { useState } from 'react';
import { useGuildName } from '../../api/guild-grants';

/**
 * The name of the guild in the URL: the one just picked, else read from the server (a reload or a shared link
 * carries the id only). `remember` keeps a picked guild's name.
 */
export function useGuildChoice(guildId: string | null) {
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  const isKnown = guildId !== null && picked?.id === guildId;
  const fetchedName = useGuildName(guildId !== null && !isKnown ? guildId : null);
  const guildName = guildId === null ? '' : isKnown ? picked.name : (fetchedName ?? '');
  return { guildName, remember: setPicked };
}
