import { DISCORD_ID_PATTERN } from '@guildhall/contract';
import { useRef, useState } from 'react';
import { findBattlenetUser, findDiscordUser } from '../../api/player-accounts';

/** What a lookup found, shown under its field. */
export interface LookupHint {
  avatarUrl?: string;
  text: string;
}

/**
 * The Discord and Battle.net ids looked up when their field loses focus (spec 2 §2): what was found shows under the
 * field; a failure is silent and clears it (spec 2 §8).
 */
export function useIdLookups() {
  const [discord, setDiscord] = useState<LookupHint | null>(null);
  const [battlenet, setBattlenet] = useState<LookupHint | null>(null);
  const asked = useRef({ discord: '', battlenet: '' });

  function lookUpDiscord(value: string) {
    const id = value.trim();
    if (id === asked.current.discord) return;
    asked.current.discord = id;
    setDiscord(null);
    if (!DISCORD_ID_PATTERN.test(id)) return;
    findDiscordUser(id)
      .then(({ data }) => {
        if (asked.current.discord !== id) return;
        const name = data.globalName ?? data.username;
        setDiscord({ avatarUrl: data.avatarUrl, text: `${name} (@${data.username})` });
      })
      .catch(() => undefined);
  }

  function lookUpBattlenet(value: string) {
    const id = value.trim();
    if (id === asked.current.battlenet) return;
    asked.current.battlenet = id;
    setBattlenet(null);
    if (!id) return;
    findBattlenetUser(id)
      .then(({ data }) => {
        if (asked.current.battlenet !== id) return;
        setBattlenet({ text: `${data.battletag} · ${data.region.toUpperCase()} · verified` });
      })
      .catch(() => undefined);
  }

  return { discord, battlenet, lookUpDiscord, lookUpBattlenet };
}
