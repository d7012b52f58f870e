import { useParams } from 'react-router';
import { rosterScreen } from '@/machines/roster/roster.actors';
import { Link } from '@/views/components/link';
import { useDocumentTitle } from '@/views/hooks/use-document-title';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { AdminPage } from '@/views/admin/admin-shell';
import { RosterWorkspace } from '@/views/roster/roster-workspace';
import * as styles from '@/views/admin/admin.css';

/** A district's roster on the admin site: the same screen its district admins have, for any district. */
export function AdminOrganizationRosterPage() {
  const { id = '' } = useParams();
  const roster = useScreenActor(rosterScreen, { input: { organizationId: id } });
  useDocumentTitle('Roster · Platform admin');
  return (
    <>
      <Link to={`/admin/organizations/${id}`} className={styles.back}>
        ← Back to the organization
      </Link>
      <AdminPage
        title="Roster"
        lead="The district’s schools, teachers and administrators from its student information system: OneRoster files imported after a dry run, or pulled nightly from its REST endpoint."
      >
        <RosterWorkspace actor={roster} districtName="this district" />
      </AdminPage>
    </>
  );
}
