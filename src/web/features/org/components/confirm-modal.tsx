import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { Button } from '@web/ui/button';
import { Modal } from '@web/ui/modal';
import styles from './org.module.css';

interface ConfirmModalProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending?: boolean;
  /** Danger for what takes something away (declining, removing); primary for a choice (a winner, a new code). */
  tone?: 'danger' | 'primary';
  /** The server's reason when the action failed, shown in the dialog. */
  error?: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks once more before an action that cannot be taken back. */
export function ConfirmModal({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending = false,
  tone = 'danger',
  error,
  onCancel,
  onConfirm,
}: ConfirmModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      actions={
        <>
          <Button variant="ghost" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant={tone} disabled={pending} aria-busy={pending} onClick={onConfirm}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <div className={styles.modalText}>{children}</div>
      {error && (
        <p className={styles.modalError} role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
