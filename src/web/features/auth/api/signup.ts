import { useMutation } from '@tanstack/react-query';

import type { SignupBody } from '@contract/accounts';
import { api } from '@web/lib/http';
import { useSession } from '@web/lib/session';

export function signup(body: SignupBody) {
  return api('signup', { json: body });
}

export function useSignup() {
  return useMutation({
    mutationFn: signup,
    onSuccess: (data) => {
      if (data.email) useSession.getState().setEmail(data.email);
    },
  });
}
