import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { RegisterProfileFields } from '@contract/accounts';
import { api } from '@web/lib/http';
import { queryKeys } from '@web/lib/query-keys';

export interface RegisterProfileInput extends RegisterProfileFields {
  /** Only the first chosen picture is sent (accounts spec §5). */
  picture?: File;
}

export function registerProfile({ picture, ...fields }: RegisterProfileInput) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (picture) form.append('profile_picture', picture);
  return api('registerProfile', { body: form });
}

export function useRegisterProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerProfile,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
      void queryClient.invalidateQueries({ queryKey: queryKeys.accountInfo });
    },
  });
}
