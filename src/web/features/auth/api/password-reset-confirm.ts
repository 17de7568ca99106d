import { useMutation } from '@tanstack/react-query';

import type { PasswordResetConfirmBody } from '@contract/accounts';
import { api } from '@web/lib/http';

interface Input {
  uid: string;
  token: string;
  body: PasswordResetConfirmBody;
}

export function confirmPasswordReset({ uid, token, body }: Input) {
  return api('passwordResetConfirm', { params: { uid, token }, json: body });
}

export function usePasswordResetConfirm() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
