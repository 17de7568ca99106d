import { useMutation } from '@tanstack/react-query';

import { api } from '@web/lib/http';

export function deleteAccount() {
  return api('accountDelete', {});
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
