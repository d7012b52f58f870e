import { useSelector } from '@xstate/react';
import type { FormActorRef } from '@/machines/form/form.machine';
import { selectUser } from '@/machines/identity/identity.selectors';
import { selectPickedKey, type SchoolSearchActorRef } from '@/machines/usage/usage.selectors';
import { ALL_SCHOOLS_KEY } from '@/machines/usage/school-search.machine';
import { useRoot } from '@/views/root-context';
import { TextField } from '@/views/components/form/text-field';
import { useForm } from '@/views/components/form/use-form';
import { Button } from '@/views/layout/button';
import { DialogActions, ModalDialog } from '@/views/layout/modal-dialog';
import { SchoolPicker } from '@/views/usage/school-picker';
import * as styles from '@/views/usage/usage.css';

// 'Invite an Educator' (spec §2, §5): Email, First Name, Last Name; Cancel and Invite; district
// admins also choose the school (it starts at the page's). The form machine checks the rules;
// the server's refusals ("already has an account") are error snackbars; success closes the dialog (the page,
// which owns the form and the picker, hears it), says so in a snackbar, and the table lists the
// educator as Pending.

type Props = { form: FormActorRef; picker: SchoolSearchActorRef | undefined; onClose: () => void };

export function InviteDialog({ form, picker, onClose }: Props) {
  const { onSubmit, submitting } = useForm(form);
  return (
    <ModalDialog
      title="Invite an Educator"
      intro="They get an e-mail with a link to create their account; it works for 14 days."
      onClose={onClose}
      dismissable={!submitting}
    >
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.dialogFields}>
          {picker && (
            <>
              <SchoolPicker picker={picker} />
              <DistrictLevelNote picker={picker} />
            </>
          )}
          <TextField form={form} name="email" type="email" autoComplete="off" autoFocus />
          <TextField form={form} name="firstName" autoComplete="off" />
          <TextField form={form} name="lastName" autoComplete="off" />
        </div>
        <DialogActions>
          <Button tone="secondary" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Inviting…' : 'Invite'}
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}

/**
 * With 'All Schools' picked the invitation goes to the admin's own organization, the district
 * (spec §5): said plainly, so nobody files a teacher under the district by accident.
 */
function DistrictLevelNote({ picker }: { picker: SchoolSearchActorRef }) {
  const district = useSelector(useRoot().identity, (s) => selectUser(s)?.organizationName ?? null);
  const atDistrict = useSelector(picker, (s) => selectPickedKey(s) === ALL_SCHOOLS_KEY);
  if (!atDistrict) return null;
  return (
    <p className={styles.dialogNote} role="note">
      No school chosen: they join {district ?? 'your district'} at district level, in no school. Choose a school to add them to it.
    </p>
  );
}
