import { useMutation } from '@tanstack/react-query';

import { messageResponse } from '../../../../contract/accounts';
import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';

export function deleteAccount() {
  return http.delete(API.accountDelete, { schema: messageResponse });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
