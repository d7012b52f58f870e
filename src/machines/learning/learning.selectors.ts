import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FormActorRef } from '@/machines/form/form.machine';
import type { CertificateListMachine, CertificatesMachine } from './learning.machine';

type CertificatesSnapshot = SnapshotFrom<CertificatesMachine>;

/** The certificates issued so far (a resource) and the form that issues one: children of the learning record's actor. */
export const selectCertificateList = (s: CertificatesSnapshot) => s.children.list as ActorRefFrom<CertificateListMachine>;
export const selectCertificateForm = (s: CertificatesSnapshot) => s.children.form as FormActorRef;
