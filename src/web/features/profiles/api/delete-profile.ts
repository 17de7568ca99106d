import { useMutation, useQueryClient } from '@tanstack/react-query';

import { messageResponse } from '../../../../contract/accounts';
import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function deleteProfile(id: number) {
  return http.delete(API.profileDelete(id), { schema: messageResponse });
}

export function useDeleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProfile,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.profile });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
      void queryClient.invalidateQueries({ queryKey: queryKeys.accountInfo });
    },
  });
}
