import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@web/lib/http';
import { queryKeys } from '@web/lib/query-keys';

/**
 * A parent token deletes any child of the family; a child token its own profile only, with the parent's password
 * typed on this device (decisions.md "A parent's word"): without it the server answers 403 and the request waits
 * for the parent. `silent`: the page shows the refusal where it happened.
 */
export function deleteProfile(id: number, parentPassword?: string, silent = false) {
  return api('profileDelete', { params: { id }, json: parentPassword === undefined ? {} : { parent_password: parentPassword }, silent });
}

export function useDeleteProfile({ silent = false }: { silent?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, parentPassword }: { id: number; parentPassword?: string }) => deleteProfile(id, parentPassword, silent),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.profile });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
      void queryClient.invalidateQueries({ queryKey: queryKeys.accountInfo });
    },
  });
}
