/**
 * Where Stripe brings a payer back after a bank's page (the payment's return_url, works spec §2: /my-artist-classes):
 * `?payment_intent=…&redirect_status=…`. A succeeded payment is confirmed by the server as on the payment page,
 * and the child goes to the class's link page; a failed one says so. The address is then cleaned, once.
 */
import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';

import { M } from '@contract/messages';
import { notify } from '@web/lib/toast';
import { useConfirmPayment } from '../api/class-signup';
import { linkDetailHref } from './class-logic';

export function useReturnedPayment(): void {
  const { i18n } = useLingui();
  const search = useSearch();
  const [path, navigate] = useLocation();
  const confirm = useConfirmPayment();
  const handled = useRef(false);

  useEffect(() => {
    const params = new URLSearchParams(search);
    const intent = params.get('payment_intent');
    if (!intent || handled.current) return;
    handled.current = true;
    navigate(path, { replace: true });
    if (params.get('redirect_status') !== 'succeeded') {
      notify.error(i18n._(M.paymentNotSuccessful.id));
      return;
    }
    confirm.mutate(intent, {
      onSuccess: (answer) => {
        notify.success(answer.message || i18n._(M.paymentConfirmed.id));
        const to = linkDetailHref(answer.artist_class);
        navigate(to.href, { state: to.state });
      },
      onError: () => notify.error(i18n._(M.paymentConfirmFailed.id)),
    });
  }, [search, path, navigate, confirm, i18n]);
}
