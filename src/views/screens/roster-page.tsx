import { useSelector } from '@xstate/react';
import { selectUser } from '@/machines/identity/identity.selectors';
import { rosterScreen } from '@/machines/roster/roster.actors';
import { Link } from '@/views/components/link';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { PageLayout } from '@/views/layout/page-layout';
import { useRoot } from '@/views/root-context';
import { RosterWorkspace } from '@/views/roster/roster-workspace';
import * as styles from '@/views/roster/roster.css';

// The district admin's roster (reached from Educator Usage): their own district's imports and
// REST endpoint. The route lets district admins only; the server checks the same.

export function RosterPage() {
  const { identity } = useRoot();
  const user = useSelector(identity, selectUser);
  const organizationId = user?.organizationId ?? '';
  const roster = useScreenActor(rosterScreen, { input: { organizationId } });
  const district = user?.organizationName ?? 'your district';
  return (
    <PageLayout
      title="Roster"
      header={
        <>
          <Link to="/usage" className={styles.back}>
            ← Back to Educator Usage
          </Link>
          <p className={styles.intro}>
            Keep {district}’s schools, teachers and administrators in step with your student information system, from a OneRoster file or
            nightly from its REST endpoint.
          </p>
        </>
      }
    >
      <RosterWorkspace actor={roster} districtName={district} />
    </PageLayout>
  );
}
