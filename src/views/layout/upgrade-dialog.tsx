import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { SUBSCRIPTION_AMOUNT } from '@/lib/settings';
import { useAuth } from '@/views/hooks/use-auth';
import { Button, ButtonLink } from '@/views/layout/button';
import { IncludedList } from '@/views/layout/included-list';
import { daysLeft, trialSummary } from '@/views/layout/trial';
import * as frame from '@/views/layout/dialog.css';
import * as styles from '@/views/layout/upgrade-dialog.css';

type Props = { isDemo: boolean; trialEndsAt: string | null; onClose: () => void };

/**
 * The subscription offer, opened from the upgrade banner; the card form comes with billing.
 * Close (top corner), Escape, a click outside and "Not now" all dismiss it; the buttons stay
 * pinned to the bottom of the card so a phone never has to scroll to find the way out.
 */
export default function UpgradeDialog({ isDemo, trialEndsAt, onClose }: Props) {
  const { register } = useAuth();
  const days = daysLeft(trialEndsAt);
  const endDate = trialEndsAt ? new Date(trialEndsAt).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }) : null;

  return (
    <ModalOverlay className={frame.overlay} isOpen isDismissable onOpenChange={(open) => !open && onClose()}>
      <Modal className={frame.modal}>
        <Dialog className={[frame.dialog, styles.dialog].join(' ')}>
          <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
              <path d="M5 5l10 10M15 5L5 15" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <p className={styles.eyebrow}>Full access</p>
          <Heading slot="title" className={styles.heading}>
            {isDemo ? 'Create your account to keep learning' : 'Keep learning after your trial'}
          </Heading>
          <p className={styles.status}>
            {isDemo
              ? 'You are using a demo account. Your interests carry over when you create your account, and new accounts start with a free trial.'
              : `${trialSummary(trialEndsAt)}${endDate && days !== null && days > 0 ? ` Full access continues until ${endDate}.` : ''}`}
          </p>
          <p className={styles.price}>
            <span className={styles.amount}>${SUBSCRIPTION_AMOUNT}</span>
            <span className={styles.period}>per year, per educator</span>
          </p>
          <IncludedList />
          <p className={styles.note}>Cancel anytime. Your school or district can also give you access.</p>
          <div className={[frame.actions, styles.actions].join(' ')}>
            <Button tone="secondary" onClick={onClose}>
              Not now
            </Button>
            {isDemo ? (
              <Button
                onClick={() => {
                  onClose();
                  register();
                }}
              >
                Create your account
              </Button>
            ) : (
              <ButtonLink to="/billing" onClick={onClose}>
                Go to billing
              </ButtonLink>
            )}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
