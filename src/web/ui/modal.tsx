import { useId, type ReactNode } from 'react';

import styles from './modal.module.css';
import { useDialog } from './use-dialog';

interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
}

/** A modal dialog on the native <dialog>: focus is trapped and Escape closes it. */
export function Modal({ open, title, onClose, children, actions }: ModalProps) {
  const dialog = useDialog(open, onClose);
  const titleId = useId();

  return (
    <dialog {...dialog} className={styles.dialog} aria-labelledby={titleId}>
      {open && (
        <div className={styles.body}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {children}
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
      )}
    </dialog>
  );
}
