import { useMutation } from '@tanstack/react-query';

import type { LoginBody } from '../../../../contract/accounts';
import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';
import { useSession } from '../../../lib/session';

export function login(body: LoginBody) {
  return http.post(API.login, { json: body, schema: () => import('../../../../contract/accounts').then((m) => m.tokenPair) });
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
