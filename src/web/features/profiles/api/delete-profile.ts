import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@web/lib/http';
import { queryKeys } from '@web/lib/query-keys';

export function deleteProfile(id: number) {
  return api('profileDelete', { params: { id } });
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
