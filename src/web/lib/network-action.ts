/**
 * Actions that need the server right now (a like, later a contest entry or a payment) are unavailable
 * offline, with a reason the user can read: the control shows it as `aria-disabled` plus the reason
 * (aria-describedby and a toast on tap; see ui/like-button). Capture is not one of them: it queues.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useId } from 'react';

import { notify } from './toast';
import { isOnline, useOnline } from './use-online';

const NEEDS_NETWORK = msg`You're offline. This needs an internet connection, so try again when you're back online.`;

/** Checkout and cancelling a plan (the plans, the checkout page, the account's payment info). */
export const PAYMENTS_NEED_NETWORK = msg`You're offline. Payments need an internet connection, so try again when you're back online.`;

export interface NetworkAction {
  /** False while the browser is offline. */
  available: boolean;
  /** Why the action is unavailable (null while online). */
  reason: string | null;
  /** An id for the element that shows the reason (aria-describedby). */
  reasonId: string;
  /** Runs `action` when online; offline it shows the reason instead and returns undefined. */
  run: <T>(action: () => T) => T | undefined;
}

/** `why` names the action in the reason, e.g. msg`Likes need an internet connection…`. */
export function useNetworkAction(why: MessageDescriptor = NEEDS_NETWORK): NetworkAction {
  const { i18n } = useLingui();
  const online = useOnline();
  const reasonId = useId();
  const text = i18n._(why);
  return {
    available: online,
    reason: online ? null : text,
    reasonId,
    run: (action) => {
      // Online at the moment of the tap, not at the last render.
      if (isOnline()) return action();
      notify.info(text);
      return undefined;
    },
  };
}
