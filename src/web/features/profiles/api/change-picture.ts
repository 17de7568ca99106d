import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@web/lib/http';
import { queryKeys } from '@web/lib/query-keys';

/** POST /api/profile/picture/: the chosen child's new picture (issue 28, item 5). */
export function useChangePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (picture: File) => {
      const form = new FormData();
      form.append('profile_picture', picture);
      return api('profilePicture', { body: form });
    },
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.profile, data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
