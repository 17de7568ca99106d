import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';

import type { ArtistClass } from '@contract/classes';
import { M } from '@contract/messages';
import { useNetworkAction } from '@web/lib/network-action';
import { Icon } from '@web/ui/line-icon';
import { NetworkButton } from '@web/ui/network-button';
import { PAYMENT_NEEDS_NETWORK } from './needs-network';
import styles from './classes.module.css';

/** A sign-up waiting for its payment (works spec §8): the payment-pending message and the way to pay. */
export function PaymentPending({ item, payLabel }: { item: ArtistClass; payLabel: ReactNode }) {
  const { i18n } = useLingui();
  const [, navigate] = useLocation();
  const network = useNetworkAction(PAYMENT_NEEDS_NETWORK);
  return (
    <>
      <p className={styles.message} role="status">
        <span className={styles.messageIcon} aria-hidden="true">
          <Icon name="hourglass" />
        </span>
        <span>{i18n._(M.paymentPending.id)}</span>
      </p>
      <div className={styles.actions}>
        <NetworkButton
          network={network}
          onPress={() => navigate(`/payment?class_id=${item.id}`)}
          size="large"
          block
          offlineClassName={styles.unavailable}
          reasonClassName={styles.muted}
        >
          {payLabel}
        </NetworkButton>
      </div>
    </>
  );
}
