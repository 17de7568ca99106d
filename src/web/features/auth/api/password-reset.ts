import { useMutation } from '@tanstack/react-query';

import { api } from '@web/lib/http';
import { useSession } from '@web/lib/session';

export function requestPasswordReset(email: string) {
  return api('passwordReset', { json: { email } });
}

export function usePasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: (_data, email) => useSession.getState().setEmail(email.trim().toLowerCase()),
  });
}
