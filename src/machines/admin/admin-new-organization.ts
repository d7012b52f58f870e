import { adminCreateOrganization, type AdminOrganization } from '@/api/operations/admin-organizations';
import { required } from '@/lib/validation/rules';
import { defineForm } from '@/machines/form/form.actors';
import type { FormInput } from '@/machines/form/form.types';
import type { OrganizationKind } from './admin-tables.actors';

// Opening a district or a school: the form machine, whose submit creates it and then opens its
// page (where its subscription and members are set). A name already used in the same place is
// the server's refusal, shown under the name.

export const NEW_ORGANIZATION_FORM: FormInput = {
  fields: { name: { rules: [required()] }, type: { label: 'Kind' }, parentId: { label: 'District' } },
  values: { name: '', type: 'SCHOOL', parentId: '' },
  serverFieldErrors: { DUPLICATE_NAME: 'name', NAME_REQUIRED: 'name' },
};

export const newOrganizationForm = defineForm('adminNewOrganization', {
  submit: (services, values, signal) => {
    const type = values.type as OrganizationKind;
    const parentId = type === 'SCHOOL' && values.parentId ? String(values.parentId) : null;
    return adminCreateOrganization(services.api, { name: String(values.name).trim(), type, parentId }, { signal });
  },
  submitted: (services, { result }) => services.router.navigate(`/admin/organizations/${(result as AdminOrganization).id}`),
});
