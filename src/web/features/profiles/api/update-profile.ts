import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ProfilePatchBody } from '@contract/accounts';
import { api } from '@web/lib/http';
import { queryKeys } from '@web/lib/query-keys';

export function updateProfile(body: ProfilePatchBody) {
  return api('profileUpdate', { json: body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.profile, data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
