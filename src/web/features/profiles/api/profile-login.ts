import { useMutation } from '@tanstack/react-query';

import { api } from '@web/lib/http';
import { useSession } from '@web/lib/session';

/** Logs in as one child of the family (the call carries the parent token). */
export function profileLogin(username: string) {
  return api('profileLogin', { json: { username } });
}

export function useProfileLogin() {
  return useMutation({
    mutationFn: async (username: string) => {
      // Switching child removes the old child tokens first (accounts spec §4).
      useSession.getState().clearChild();
      return profileLogin(username);
    },
    onSuccess: (pair) => useSession.getState().setPair('child', pair),
  });
}
