/**
 * A parent's word (decisions.md; issue 28): what the children asked for that waits for the parent (GET
 * parent-requests/, the parent's call), and the parent's answer. Approving a deletion deletes the profile; approving
 * a payment answers the class's payment intent, which the parent pays here (the local provider's confirm step, as
 * the class payment page does; the server confirms the sign-up from the provider's own event).
 */
import '@web/lib/console-routes';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { ParentRequestApproved } from '@contract/parent-word';
import { api, apiKey, areaKey } from '@web/lib/http';
import { queryKeys } from '@web/lib/query-keys';

type Answered = Pick<ParentRequestApproved, 'message' | 'payment'>;

const REQUESTS_KEY = apiKey('parentRequests');

export function useParentRequests() {
  return useQuery({ queryKey: REQUESTS_KEY, queryFn: () => api('parentRequests', { silent: true }) });
}

export function useRefreshRequests() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: REQUESTS_KEY });
    void client.invalidateQueries({ queryKey: queryKeys.accountInfo });
    void client.invalidateQueries({ queryKey: queryKeys.profiles });
    void client.invalidateQueries({ queryKey: areaKey('classes') });
  };
}

export function useAnswerRequest() {
  const refresh = useRefreshRequests();
  return useMutation({
    mutationFn: async ({ id, answer }: { id: number; answer: 'approve' | 'decline' }): Promise<Answered> =>
      answer === 'approve'
        ? api('parentRequestApprove', { params: { id } })
        : { ...(await api('parentRequestDecline', { params: { id } })), payment: null },
    // An approved payment stays on screen with its card form until it is paid (then the item refreshes the list).
    onSuccess: (done) => {
      if (!done.payment?.payment_intent_client_secret) refresh();
    },
  });
}

/** The local provider's confirm step for the approved payment's intent: null when paid, else the provider's error. */
export async function payLocally(
  clientSecret: string,
  card: { card_number: string; exp: string; cvc: string },
): Promise<{ code: string; message: string } | null> {
  const answer = await api('localPaymentConfirm', { json: { ...card, client_secret: clientSecret }, silent: true });
  return answer.status === 'succeeded' ? null : (answer.error ?? { code: 'payment_failed', message: '' });
}
