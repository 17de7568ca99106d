import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { AccountInfoPatchBody } from '@contract/accounts';
import { api } from '@web/lib/http';
import { queryKeys } from '@web/lib/query-keys';
import { useSession } from '@web/lib/session';

/**
 * A password change revokes the old tokens; the answer then carries a fresh pair. A new e-mail is not in the
 * answer yet: it takes effect once confirmed from the link sent to it.
 */
export function updateAccountInfo(body: AccountInfoPatchBody) {
  return api('accountInfoUpdate', { json: body });
}

export function useUpdateAccountInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountInfo,
    onSuccess: ({ access, refresh, message: _message, ...info }) => {
      if (access && refresh) useSession.getState().setPair('parent', { access, refresh });
      useSession.getState().setEmail(info.email);
      queryClient.setQueryData(queryKeys.accountInfo, info);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
