/**
 * Signing a child up for a class and paying for it (works spec §4, §7; decisions.md "Paid class sign-up"): the
 * sign-up (a free class is confirmed at once; a paid one answers a payment intent and stays pending, and asking
 * again while pending answers the same intent), the confirm call after the provider says the payment succeeded
 * (the server checks with the provider itself). Each changes what the class pages show, so each refreshes the whole
 * `classes` area. The class's video is asked by the video page (./class-video.ts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, areaKey } from '@web/lib/http';

function useRefreshClasses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: areaKey('classes') });
}

/** `silent`: the page shows the failure where it happened (the payment page recovering its session). */
export function useClassSignup({ silent = false }: { silent?: boolean } = {}) {
  const refresh = useRefreshClasses();
  return useMutation({
    // A paid class needs the parent's word (decisions.md): a child's call without the parent's password is a 403.
    mutationFn: ({ classId, parentPassword }: { classId: number; parentPassword?: string }) =>
      api('classSignup', {
        json: { artist_class: classId, ...(parentPassword === undefined ? {} : { parent_password: parentPassword }) },
        silent,
      }),
    // Refused too (409: signed up already, elsewhere): the class page then shows the sign-up as it is.
    onSettled: () => void refresh(),
  });
}

export function useConfirmPayment() {
  const refresh = useRefreshClasses();
  return useMutation({
    mutationFn: (paymentIntent: string) => api('classConfirmPayment', { json: { payment_intent: paymentIntent }, silent: true }),
    onSuccess: () => void refresh(),
  });
}
