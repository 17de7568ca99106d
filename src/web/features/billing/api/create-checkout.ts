/**
 * Starting a subscription (POST billing/create-checkout-session/, the parent's call): the answer is the provider's
 * hosted checkout page, where the browser goes next. Silent: the plans page shows the failure in its message block.
 */
import { useMutation } from '@tanstack/react-query';

import { api } from '@web/lib/http';

export function useCreateCheckout() {
  return useMutation({
    mutationFn: (planId: number) => api('billingCheckout', { json: { planId }, silent: true }),
    onSuccess: (answer) => window.location.assign(answer.url),
  });
}
