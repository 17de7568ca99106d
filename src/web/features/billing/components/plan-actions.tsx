import { Trans, useLingui } from '@lingui/react/macro';

import type { Plan } from '@contract/billing';
import { PAYMENTS_NEED_NETWORK, useNetworkAction } from '@web/lib/network-action';
import { LinkButton } from '@web/ui/button';
import { Notice } from '@web/ui/page-shell';
import { NetworkButton } from '@web/ui/network-button';
import { useCreateCheckout } from '../api/create-checkout';
import styles from './billing.module.css';

/** Who is looking at the plans: the parent alone can check out; a child or a visitor is told how. */
export type Viewer = 'parent' | 'child' | 'guest';

interface ChoosePremiumProps {
  plan: Plan;
  viewer: Viewer;
  /** Premium is the account's plan already. */
  current: boolean;
}

/**
 * Premium's way on. The parent starts the checkout and the browser goes to the provider's page; offline the button
 * says why it waits (lib/network-action). A child never reaches checkout: a parent upgrades from the parent account.
 */
export function ChoosePremium({ plan, viewer, current }: ChoosePremiumProps) {
  const { t } = useLingui();
  const checkout = useCreateCheckout();
  const network = useNetworkAction(PAYMENTS_NEED_NETWORK);
  // Until the browser has left for the provider's page, the button stays busy.
  const leaving = checkout.isPending || checkout.isSuccess;

  if (viewer === 'child') {
    return (
      <p className={styles.note}>
        <Trans>A parent chooses the family's plan. Ask a parent to log in to the parent account and open Payment Information.</Trans>
      </p>
    );
  }
  if (viewer === 'guest') {
    return (
      <>
        <p className={styles.note}>
          <Trans>A parent upgrades from the parent account. Log in first, then come back to this page.</Trans>
        </p>
        <LinkButton href="/login" variant="secondary" block>
          <Trans>Log in</Trans>
        </LinkButton>
      </>
    );
  }
  if (current) {
    return (
      <LinkButton href="/account-payment-info" variant="secondary" block>
        <Trans>See your plan</Trans>
      </LinkButton>
    );
  }
  return (
    <>
      {checkout.error && <Notice tone="error">{checkout.error.message}</Notice>}
      <NetworkButton
        network={network}
        onPress={() => checkout.mutate(plan.id)}
        size="large"
        block
        disabled={leaving}
        aria-busy={leaving}
        reasonClassName={styles.reason}
      >
        {leaving ? t`Opening the payment page…` : t`Choose Premium`}
      </NetworkButton>
    </>
  );
}
