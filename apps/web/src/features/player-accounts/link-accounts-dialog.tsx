import type { BattlenetUserLookup, LinkProvider, PlayerAccount } from '@guildhall/contract';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import {
  type LinkHolder,
  type LinkRequest,
  linkHolderOf,
  useLinkAccountMutation,
  useUnlinkAccountMutation,
} from '../../api/player-account-mutations';
import { Modal } from '../../ui/modal';
import { TabPanel, Tabs } from '../../ui/tabs';
import { BattlenetLinkTab } from './battlenet-link-tab';
import { DiscordLinkTab } from './discord-link-tab';
import { ForceLinkConfirm } from './force-link-confirm';
import { UnlinkConfirm } from './unlink-confirm';

const TAB_PREFIX = 'link-accounts';

interface LinkAccountsDialogProps {
  account: PlayerAccount;
  onClose: () => void;
  /** After a link: the view opens for the updated account. */
  onLinked: (account: PlayerAccount) => void;
}

/** Link External Accounts (spec 2 §2): Discord and Battle.net tabs, each with its current link, a lookup and Link. */
export function LinkAccountsDialog({ account: initial, onClose, onLinked }: LinkAccountsDialogProps) {
  const [account, setAccount] = useState(initial);
  const [tab, setTab] = useState<LinkProvider>(
    initial.linkState.discord && !initial.linkState.battlenet ? 'battlenet' : 'discord',
  );
  const [unlinking, setUnlinking] = useState<LinkProvider | null>(null);
  const [conflict, setConflict] = useState<{ holder: LinkHolder; request: LinkRequest } | null>(null);
  const link = useLinkAccountMutation();
  const unlink = useUnlinkAccountMutation();

  const check = (isLinked: boolean) =>
    isLinked ? <CheckCircle2 size={15} className="tab-check" aria-hidden="true" data-testid="tab-linked" /> : undefined;
  const tabs = [
    { id: 'discord' as const, label: 'Discord', icon: check(account.linkState.discord) },
    { id: 'battlenet' as const, label: 'Battle.net', icon: check(account.linkState.battlenet) },
  ];

  function send(request: LinkRequest) {
    link.mutate(request, {
      onSuccess: (answer) => {
        setConflict(null);
        onLinked(answer.data);
      },
      onError: (error) => {
        const holder = linkHolderOf(error);
        setConflict(holder ? { holder, request } : null);
      },
    });
  }

  function handleForceLink() {
    if (!conflict) return;
    const { request } = conflict;
    send(
      request.provider === 'discord'
        ? { ...request, body: { ...request.body, forceLink: true } }
        : { ...request, body: { ...request.body, forceLink: true } },
    );
  }

  function handleBattlenetLink(found: BattlenetUserLookup, region: BattlenetUserLookup['region']) {
    send({
      id: account.id,
      provider: 'battlenet',
      body: { battlenetId: found.battlenetId, battlenetInfo: { battletag: found.battletag, region }, forceLink: false },
    });
  }

  function handleUnlink(reason: string) {
    if (!unlinking) return;
    unlink.mutate(
      { id: account.id, provider: unlinking, reason },
      {
        onSuccess: (answer) => {
          setAccount(answer.data);
          setUnlinking(null);
        },
      },
    );
  }

  return (
    <>
      <Modal isOpen title={`Link External Accounts: ${account.displayName}`} size="md" onClose={onClose}>
        <Tabs label="Account providers" tabs={tabs} active={tab} onChange={setTab} idPrefix={TAB_PREFIX} />
        <TabPanel idPrefix={TAB_PREFIX} tab={tab} className="tab-panel">
          {tab === 'discord' ? (
            <DiscordLinkTab
              key={account.discord_id ?? 'none'}
              account={account}
              isLinking={link.isPending}
              onLink={(discordId) => send({ id: account.id, provider: 'discord', body: { discordId, forceLink: false } })}
              onUnlink={() => setUnlinking('discord')}
            />
          ) : (
            <BattlenetLinkTab
              key={account.battlenet_id ?? 'none'}
              account={account}
              isLinking={link.isPending}
              onLink={handleBattlenetLink}
              onUnlink={() => setUnlinking('battlenet')}
            />
          )}
        </TabPanel>
      </Modal>
      <UnlinkConfirm
        key={unlinking ?? 'closed'}
        provider={unlinking}
        isBusy={unlink.isPending}
        onConfirm={handleUnlink}
        onClose={() => setUnlinking(null)}
      />
      <ForceLinkConfirm
        holder={conflict?.holder ?? null}
        isBusy={link.isPending}
        onConfirm={handleForceLink}
        onClose={() => setConflict(null)}
      />
    </>
  );
}
