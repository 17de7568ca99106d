/**
 * Cancelling the plan (POST billing/cancel-subscription/, the parent's call): it stays until the end of the period
 * paid for, which the answer gives. Silent: the page shows a failure in its message block (works spec §8).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@web/lib/http';
import { BILLING_AREA } from '@web/lib/subscription';

export function useCancelSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('billingCancel', { silent: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: BILLING_AREA }),
  });
}
