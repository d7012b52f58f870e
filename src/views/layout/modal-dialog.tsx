import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import * as styles from '@/views/layout/dialog.css';

type Props = {
  title: ReactNode;
  /** A line under the title: what the dialog does. */
  intro?: ReactNode;
  onClose: () => void;
  /** Escape and a click outside close it (not while something is being saved). */
  dismissable?: boolean;
  /** `alertdialog` for a confirmation that interrupts (cancelling a subscription). */
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
};

/** A modal dialog of the app: focus kept inside, the title naming it, Escape to close. */
export function ModalDialog({ title, intro, onClose, dismissable = true, role, children }: Props) {
  return (
    <ModalOverlay className={styles.overlay} isOpen isDismissable={dismissable} onOpenChange={(open) => !open && onClose()}>
      <Modal className={styles.modal}>
        <Dialog className={styles.dialog} role={role}>
          <Heading slot="title" className={styles.title}>
            {title}
          </Heading>
          {intro && <p className={styles.intro}>{intro}</p>}
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** The buttons at the bottom of a dialog. */
export const DialogActions = ({ children }: { children: ReactNode }) => <div className={styles.actions}>{children}</div>;
