import { useSelector } from '@xstate/react';
import { NEW_ORGANIZATION_FORM, newOrganizationForm } from '@/machines/admin/admin-new-organization';
import { districtChoicesScreen, type Choice } from '@/machines/admin/admin-tables.actors';
import { formIntents } from '@/machines/form/form.intents';
import { selectIsSubmitting, selectValue } from '@/machines/form/form.selectors';
import { loadAtStart } from '@/machines/shared/resource';
import { selectResourceData } from '@/machines/shared/resource.selectors';
import { Link } from '@/views/components/link';
import { TextField } from '@/views/components/form/text-field';
import { useForm } from '@/views/components/form/use-form';
import { useDocumentTitle } from '@/views/hooks/use-document-title';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { Button } from '@/views/layout/button';
import { AdminPage } from '@/views/admin/admin-shell';
import { FilterSelect } from '@/views/components/filter-select';
import { KIND_LABELS } from '@/views/admin/organizations-page';
import * as styles from '@/views/admin/admin.css';
import { stack } from '@/views/components/page.css';

const KIND_OPTIONS = Object.entries(KIND_LABELS).map(([id, name]) => ({ id, name }));

/** Opens a district, or a school on its own or in a district; then its page. */
export function AdminNewOrganizationPage() {
  useDocumentTitle('New organization · Platform admin');
  const form = useScreenActor(newOrganizationForm, { input: NEW_ORGANIZATION_FORM });
  const { onSubmit } = useForm(form);
  const { change } = useIntents(form, formIntents);
  const type = useSelector(form, selectValue('type')) as string;
  const parentId = useSelector(form, selectValue('parentId')) as string;
  const submitting = useSelector(form, selectIsSubmitting);
  const districts = useScreenActor(districtChoicesScreen, { input: loadAtStart() });
  const districtOptions = (useSelector(districts, selectResourceData) ?? []) as Choice[];

  return (
    <>
      <Link to="/admin/organizations" className={styles.back}>
        ← All organizations
      </Link>
      <AdminPage title="New organization" lead="A school can be on its own or in a district; a district holds schools. Its subscription and members are set on its page.">
        <form className={`${stack} ${styles.card} ${styles.narrowCard}`} onSubmit={onSubmit} noValidate>
          <TextField form={form} name="name" autoComplete="organization" />
          <FilterSelect label="Kind" options={KIND_OPTIONS} value={type} onChange={(kind) => kind && change('type', kind)} />
          {type === 'SCHOOL' && (
            <FilterSelect label="District" anyLabel="No district" options={districtOptions} value={parentId || null} onChange={(id) => change('parentId', id ?? '')} />
          )}
          <div className={styles.actionRow}>
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Creating…' : `Create ${type === 'DISTRICT' ? 'district' : 'school'}`}
            </Button>
          </div>
        </form>
      </AdminPage>
    </>
  );
}
