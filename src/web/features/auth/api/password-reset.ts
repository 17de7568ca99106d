import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';
import { useSession } from '../../../lib/session';

const resetAnswer = z.object({ message: z.string().optional(), detail: z.string().optional() });

export function requestPasswordReset(email: string) {
  return http.post(API.passwordReset, { json: { email }, schema: resetAnswer });
}

export function usePasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: (_data, email) => useSession.getState().setEmail(email.trim().toLowerCase()),
  });
}
