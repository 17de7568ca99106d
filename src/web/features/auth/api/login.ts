import { useMutation } from '@tanstack/react-query';

import type { LoginBody } from '@contract/accounts';
import { api } from '@web/lib/http';
import { useSession } from '@web/lib/session';

export function login(body: LoginBody) {
  return api('login', { json: body });
}

/** Parent login: stores the pair (the scheduler then keeps it fresh). */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (pair, body) => {
      const session = useSession.getState();
      session.clearChild();
      session.setPair('parent', pair);
      session.setEmail(body.email.trim().toLowerCase());
    },
  });
}
