import { useMutation } from '@tanstack/react-query';

import { detailResponse, type PasswordResetConfirmBody } from '../../../../contract/accounts';
import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';

interface Input {
  uid: string;
  token: string;
  body: PasswordResetConfirmBody;
}

export function confirmPasswordReset({ uid, token, body }: Input) {
  return http.post(API.passwordResetConfirm(uid, token), { json: body, schema: detailResponse });
}

export function usePasswordResetConfirm() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
