import { PASSWORD_CHANGE_FORM, passwordChangeForm } from '@/machines/account/account.forms';
import { useForm } from '@/views/components/form/use-form';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { BaseCard } from '@/views/layout/base-card';
import { button } from '@/views/layout/button.css';
import { stack } from '@/views/components/page.css';

/** The password: a signed, single-use link to the change page (15 minutes). */
export function PasswordCard() {
  const form = useScreenActor(passwordChangeForm, { input: PASSWORD_CHANGE_FORM });
  const { onSubmit, submitting } = useForm(form);
  return (
    <BaseCard title="Password">
      <form className={stack} onSubmit={onSubmit} aria-describedby="password-card-text">
        <p id="password-card-text">
          Change the password you sign in with. You will be signed out everywhere afterwards, and sign in again with the new one. If your
          school signs you in, change it with your school's sign-in instead.
        </p>
        <button className={button({ tone: 'secondary' })} type="submit" disabled={submitting}>
          {submitting ? 'Opening…' : 'Change password'}
        </button>
      </form>
    </BaseCard>
  );
}
