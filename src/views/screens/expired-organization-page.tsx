import { Page } from '@/views/components/page';
import { useAuth } from '@/views/hooks/use-auth';
import { button } from '@/views/layout/button.css';

export function ExpiredOrganizationPage() {
  const { logout } = useAuth();
  return (
    <Page title="Your organization's subscription has ended">
      <p>
        You get access through your school or district, and its subscription is no longer active. Your progress is saved and will be
        there when access is renewed.
      </p>
      <p>Please contact your school or district administrator to renew the subscription.</p>
      <button className={button({ tone: 'secondary' })} type="button" onClick={logout}>
        Sign out
      </button>
    </Page>
  );
}
