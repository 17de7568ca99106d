import { useMutation, useQueryClient } from '@tanstack/react-query';

import { profile, type ProfilePatchBody } from '../../../../contract/accounts';
import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function updateProfile(body: ProfilePatchBody) {
  return http.patch(API.profile, { json: body, schema: profile });
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
