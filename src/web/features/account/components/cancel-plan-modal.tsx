import { Trans } from '@lingui/react/macro';

import { Button } from '@web/ui/button';
import { Modal } from '@web/ui/modal';
import styles from './payment-info.module.css';

interface CancelPlanModalProps {
  open: boolean;
  /** The last day paid for, as the page writes it. */
  until: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks once more before the plan is cancelled, and says what stays and what changes. */
export function CancelPlanModal({ open, until, pending, onCancel, onConfirm }: CancelPlanModalProps) {
  return (
    <Modal
      open={open}
      title={<Trans context="heading">Cancel Premium?</Trans>}
      onClose={onCancel}
      actions={
        <>
          <Button variant="ghost" onClick={onCancel}>
            <Trans>Keep Premium</Trans>
          </Button>
          <Button variant="danger" disabled={pending} aria-busy={pending} onClick={onConfirm}>
            {pending ? <Trans>Cancelling…</Trans> : <Trans>Cancel the plan</Trans>}
          </Button>
        </>
      }
    >
      <p className={styles.modalText}>
        {until ? (
          <Trans>Premium stays until {until}, and it will not renew.</Trans>
        ) : (
          <Trans>Premium stays until the end of the month you have paid for, and it will not renew.</Trans>
        )}
      </p>
      <p className={styles.modalText}>
        <Trans>After that, the free plan's 5-image limit applies to new uploads. Nothing already stored is removed.</Trans>
      </p>
    </Modal>
  );
}
