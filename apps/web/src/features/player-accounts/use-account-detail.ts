import { type PlayerAccount, playerAccountsApi } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../api/endpoint';
import { playerAccountKeys } from '../../api/player-accounts';

/**
 * The account the detail dialog shows: the one it was opened with at once, then, once read, the account with every
 * character (the card's data holds only the first five). A failed read is silent: the card's data stays.
 */
export function useAccountDetail(account: PlayerAccount): PlayerAccount {
  const detail = useQuery({
    queryKey: [...playerAccountKeys.all, 'detail', account.id],
    queryFn: ({ signal }) => callEndpoint(playerAccountsApi.read, { params: { id: account.id }, signal }),
  });
  // Only a read of this opening: a cached one from an earlier opening may be older than the account just saved.
  return detail.isFetchedAfterMount && detail.data ? detail.data.data : account;
}
