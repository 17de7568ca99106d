import { useMutation, useQuery } from '@tanstack/react-query';

import { api, apiKey } from '@web/lib/http';
import { alreadyShown } from '@web/lib/query-client';
import { CONTESTS_AREA } from './keys';
import { useOrgPages, useRefreshArea } from './org-lists';

/** The organization's contests, newest first, a page at a time. */
export function useOrgContests(orgId: number) {
  return useOrgPages('orgContests', orgId);
}

export function useContestEntries(orgId: number, contestId: number) {
  const params = { orgId, contestId };
  return useQuery({
    queryKey: apiKey('orgContestEntries', { params }),
    queryFn: (context) => api('orgContestEntries', { params, signal: context.signal, silent: alreadyShown(context) }),
  });
}

export interface SaveContest {
  orgId: number;
  /** Absent: a new contest. */
  contestId?: number;
  body: FormData;
}

export function useSaveContest() {
  const refresh = useRefreshArea(CONTESTS_AREA);
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
  const refresh = useRefreshArea(CONTESTS_AREA);
  return useMutation({
    mutationFn: ({ orgId, contestId }: { orgId: number; contestId: number }) =>
      api('orgContestDelete', { params: { orgId, contestId }, silent: true }),
    onSuccess: refresh,
  });
}

export function usePickWinner() {
  const refresh = useRefreshArea(CONTESTS_AREA);
  return useMutation({
    mutationFn: ({ orgId, contestId, entryId }: { orgId: number; contestId: number; entryId: number }) =>
      api('orgContestWinner', { params: { orgId, contestId }, json: { entry_id: entryId } }),
    onSuccess: refresh,
  });
}
