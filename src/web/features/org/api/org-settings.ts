import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { JoinPolicy } from '@contract/console';
import { api } from '@web/lib/http';
import { refreshConsole } from './keys';

export function useUpdateJoinPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orgId, join_policy }: { orgId: number; join_policy: JoinPolicy }) =>
      api('orgUpdate', { params: { orgId }, json: { join_policy } }),
    onSuccess: () => refreshConsole(client),
  });
}

export function useRegenerateCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orgId: number) => api('orgCodeRegenerate', { params: { orgId } }),
    onSuccess: () => refreshConsole(client),
  });
}
