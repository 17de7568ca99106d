/**
 * The local test provider's hosted checkout (where Stripe's own page is when Stripe is configured): the session's
 * plan, and paying it with a test card. Neither call carries a token: the unguessable session id is the capability.
 * Their routes come with lib/console-routes (the provider's calls stay out of the first loads).
 */
import { useMutation, useQuery } from '@tanstack/react-query';

import '@web/lib/console-routes';
import { api, apiKey } from '@web/lib/http';

export function useLocalCheckout(session: string) {
  const params = { session };
  return useQuery({
    queryKey: apiKey('localCheckout', { params }),
    queryFn: (context) => api('localCheckout', { params, signal: context.signal, silent: true }),
    enabled: session !== '',
    staleTime: 0,
  });
}

export interface CardInput {
  card_number: string;
  exp: string;
  cvc: string;
}

/** Silent: the card form shows the provider's message (a declined card, a closed session) beside the card. */
export function usePayLocalCheckout(session: string) {
  return useMutation({
    mutationFn: (card: CardInput) => api('localCheckoutPay', { params: { session }, json: card, silent: true }),
  });
}
