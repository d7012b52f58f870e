import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { School } from '@/machines/usage/school-search.machine';
import { inviteSchoolPickerScreen } from '@/machines/usage/usage.actors';
import { inviteForm, inviteFormInput } from '@/machines/usage/usage.forms';
import { TextField } from '@/views/components/form/text-field';
import { useForm } from '@/views/components/form/use-form';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { Button } from '@/views/layout/button';
import * as dialogStyles from '@/views/layout/upgrade-dialog.css';
import { SchoolPicker } from '@/views/usage/school-picker';
import * as styles from '@/views/usage/usage.css';

// 'Invite an Educator' (spec §2, §5): Email, First Name, Last Name; Cancel and Invite; district
// admins also choose the school (it starts at the page's). The form machine checks the rules;
// the server's "already has an account" lands under Email; success closes the dialog (the page
// hears it), says so in a snackbar, and the table lists the educator as Pending.

type Props = { school: School | null; isDistrictAdmin: boolean; onClose: () => void };

export function InviteDialog({ school, isDistrictAdmin, onClose }: Props) {
  const form = useScreenActor(inviteForm, { input: inviteFormInput(school) });
  const { onSubmit, submitting } = useForm(form);
  return (
    <ModalOverlay className={dialogStyles.overlay} isOpen isDismissable={!submitting} onOpenChange={(open) => !open && onClose()}>
      <Modal className={dialogStyles.modal}>
        <Dialog className={dialogStyles.dialog}>
          <Heading slot="title" className={styles.dialogHeading}>
            Invite an Educator
          </Heading>
          <p className={styles.dialogText}>They get an e-mail with a link to create their account; it works for 14 days.</p>
          <form onSubmit={onSubmit} noValidate>
            <div className={styles.dialogFields}>
              {isDistrictAdmin && <SchoolPicker screen={inviteSchoolPickerScreen} selected={school} />}
              <TextField form={form} name="email" type="email" autoComplete="off" autoFocus />
              <TextField form={form} name="firstName" autoComplete="off" />
              <TextField form={form} name="lastName" autoComplete="off" />
            </div>
            <div className={dialogStyles.actions}>
              <Button tone="secondary" onClick={onClose} disabled={submitting}>
                Cancel
              </Button>
              <Button type="submit" disabled={submitting}>
                {submitting ? 'Inviting…' : 'Invite'}
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
