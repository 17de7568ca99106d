/** The super admin's organizations and their staff. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, apiKey } from '@web/lib/http';
import { alreadyShown } from '@web/lib/query-client';
import { notify } from '@web/lib/toast';
import { refreshAdmin } from './keys';

export function useAdminOrganizations() {
  return useQuery({
    queryKey: apiKey('adminOrganizations'),
    queryFn: (context) => api('adminOrganizations', { signal: context.signal, silent: alreadyShown(context) }),
  });
}

export function useCreateOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api('adminOrganizationCreate', { json: { name } }),
    onSuccess: () => refreshAdmin(client),
  });
}

/** Appoint (`invite`) or remove staff by e-mail; the server's message says what happened. */
export function useStaffChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orgId, email, change }: { orgId: number; email: string; change: 'invite' | 'remove' }) =>
      api(change === 'invite' ? 'adminStaffInvite' : 'adminStaffRemove', { params: { orgId }, json: { email } }),
    onSuccess: (answer) => {
      notify.success(answer.message);
      refreshAdmin(client);
    },
  });
}
