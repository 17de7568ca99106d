import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, apiKey } from '@web/lib/http';
import { alreadyShown } from '@web/lib/query-client';
import { CONTESTS_AREA, refreshConsole } from './keys';

/** The organization's contests, newest first, a page at a time. */
export function useOrgContests(orgId: number) {
  const params = { orgId };
  return useInfiniteQuery({
    queryKey: apiKey('orgContests', { params }),
    queryFn: (context) =>
      api('orgContests', {
        params,
        query: { page: context.pageParam },
        signal: context.signal,
        silent: alreadyShown(context, context.pageParam),
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.next ? lastPage + 1 : undefined),
  });
}

export function useContestEntries(orgId: number, contestId: number) {
  const params = { orgId, contestId };
  return useQuery({
    queryKey: apiKey('orgContestEntries', { params }),
    queryFn: (context) => api('orgContestEntries', { params, signal: context.signal, silent: alreadyShown(context) }),
  });
}

function useRefreshContests() {
  const client = useQueryClient();
  return () => {
    refreshConsole(client);
    void client.invalidateQueries({ queryKey: CONTESTS_AREA });
  };
}

export interface SaveContest {
  orgId: number;
  /** Absent: a new contest. */
  contestId?: number;
  body: FormData;
}

export function useSaveContest() {
  const refresh = useRefreshContests();
  return useMutation({
    mutationFn: ({ orgId, contestId, body }: SaveContest) =>
      contestId === undefined
        ? api('orgContestCreate', { params: { orgId }, body })
        : api('orgContestUpdate', { params: { orgId, contestId }, body }),
    onSuccess: refresh,
  });
}

/** 409 when it has entries: the caller shows the server's message (silent here, so it is not said twice). */
export function useDeleteContest() {
  const refresh = useRefreshContests();
  return useMutation({
    mutationFn: ({ orgId, contestId }: { orgId: number; contestId: number }) =>
      api('orgContestDelete', { params: { orgId, contestId }, silent: true }),
    onSuccess: refresh,
  });
}

export function usePickWinner() {
  const refresh = useRefreshContests();
  return useMutation({
    mutationFn: ({ orgId, contestId, entryId }: { orgId: number; contestId: number; entryId: number }) =>
      api('orgContestWinner', { params: { orgId, contestId }, json: { entry_id: entryId } }),
    onSuccess: refresh,
  });
}
