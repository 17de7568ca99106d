/**
 * The local test provider's confirm step (POST /api/payments/local/confirm/), standing where stripe.confirmPayment
 * stands with Stripe: the card and the intent's client secret; the answer says whether it succeeded, and the
 * provider's error if not. Its route comes with lib/console-routes (the provider's calls stay out of first loads).
 */
import '@web/lib/console-routes';

import type { ProviderError } from '@contract/billing';
import { api } from '@web/lib/http';

export interface PaymentOutcome {
  status: 'succeeded' | 'requires_payment_method';
  paymentIntentId: string;
  error: ProviderError | null;
}

export async function confirmLocalPayment(
  clientSecret: string,
  card: { card_number: string; exp: string; cvc: string },
): Promise<PaymentOutcome> {
  const answer = await api('localPaymentConfirm', { json: { ...card, client_secret: clientSecret }, silent: true });
  return { status: answer.status, paymentIntentId: answer.payment_intent_id, error: answer.error };
}
