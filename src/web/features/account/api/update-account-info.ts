import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { accountInfo, type AccountInfoPatchBody } from '../../../../contract/accounts';
import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** A password change revokes the old tokens; the answer then carries a fresh pair. */
const answer = accountInfo.extend({ access: z.string().optional(), refresh: z.string().optional() });

export function updateAccountInfo(body: AccountInfoPatchBody) {
  return http.patch(API.accountInfo, { json: body, schema: answer });
}

export function useUpdateAccountInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountInfo,
    onSuccess: ({ access, refresh, ...info }) => {
      if (access && refresh) useSession.getState().setPair('parent', { access, refresh });
      useSession.getState().setEmail(info.email);
      queryClient.setQueryData(queryKeys.accountInfo, info);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
