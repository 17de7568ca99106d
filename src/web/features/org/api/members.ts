import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, apiKey } from '@web/lib/http';
import { alreadyShown } from '@web/lib/query-client';
import { notify } from '@web/lib/toast';
import { refreshConsole } from './keys';

/** Pending and approved members, by username and picture only. */
export function useOrgMembers(orgId: number) {
  const params = { orgId };
  return useQuery({
    queryKey: apiKey('orgMembers', { params }),
    queryFn: (context) => api('orgMembers', { params, signal: context.signal, silent: alreadyShown(context) }),
  });
}

export type MemberAction = 'approve' | 'decline' | 'remove';

const OPERATION = { approve: 'orgMemberApprove', decline: 'orgMemberDecline', remove: 'orgMemberRemove' } as const;

export function useMemberAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orgId, profileId, action }: { orgId: number; profileId: number; action: MemberAction }) =>
      api(OPERATION[action], { params: { orgId, profileId } }),
    onSuccess: (answer) => {
      notify.success(answer.message);
      refreshConsole(client);
    },
  });
}
