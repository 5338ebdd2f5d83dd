import type { OwedFees } from '@schoolledger/domain';
import { useEffect, useState } from 'react';
import { useAuthStore } from '@/lib/auth';
import { useOwedFees } from '../api/get-owed-fees';
import { deskStore } from '../lib/desk-store';

/**
 * What the bursar's school is owed, kept on this device for working offline: read from the server
 * while online and saved, read from the device otherwise. Only for someone of one school (a bursar);
 * the group's staff take cash online.
 */
export function useOfflineCopy(readFromServer: boolean) {
  const user = useAuthStore((state) => state.user);
  const ownerId = user?._id ?? null;
  const fresh = useOwedFees(readFromServer && Boolean(user?.school));
  const [copy, setCopy] = useState<OwedFees>();

  useEffect(() => {
    if (!ownerId) return;
    let current = true;
    void deskStore.owedFeesOf(ownerId).then((saved) => {
      if (current && saved) setCopy((shown) => shown ?? saved.data);
    });
    return () => {
      current = false;
    };
  }, [ownerId]);

  useEffect(() => {
    if (!fresh.data || !ownerId) return;
    setCopy(fresh.data);
    void deskStore.saveOwedFees({ ownerId, data: fresh.data });
  }, [fresh.data, ownerId]);

  return { copy, refreshing: fresh.isFetching };
}
