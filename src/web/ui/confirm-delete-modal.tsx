import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';

import { Button } from './button';
import { Modal } from './modal';
import styles from './modal.module.css';

interface ConfirmDeleteModalProps {
  open: boolean;
  title: ReactNode;
  warning: ReactNode;
  pending?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Deletion needs a ticked "I understand…" box before Delete is enabled (accounts spec §2). */
export function ConfirmDeleteModal({ open, title, warning, pending = false, onCancel, onConfirm }: ConfirmDeleteModalProps) {
  const { t } = useLingui();
  const [understood, setUnderstood] = useState(false);
  const close = () => {
    setUnderstood(false);
    onCancel();
  };
  return (
    <Modal
      open={open}
      title={title}
      onClose={close}
      actions={
        <>
          <Button variant="ghost" onClick={close}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="danger" disabled={!understood || pending} onClick={onConfirm}>
            {pending ? t`Deleting…` : t`Delete`}
          </Button>
        </>
      }
    >
      <div className={styles.warning}>
        <span aria-hidden="true">⚠</span>
        <div>{warning}</div>
      </div>
      <label className={styles.check}>
        <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
        <span>
          <Trans>I understand that this action cannot be undone</Trans>
        </span>
      </label>
    </Modal>
  );
}
