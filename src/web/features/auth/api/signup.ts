import { useMutation } from '@tanstack/react-query';

import { signupResponse, type SignupBody } from '../../../../contract/accounts';
import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';
import { useSession } from '../../../lib/session';

export function signup(body: SignupBody) {
  return http.post(API.signup, { json: body, schema: signupResponse });
}

export function useSignup() {
  return useMutation({
    mutationFn: signup,
    onSuccess: (data) => {
      if (data.email) useSession.getState().setEmail(data.email);
    },
  });
}
