import type { ResponseBody } from '@/api/operations';
import { createResourceMachine } from '@/machines/shared/resource';

export type Certificate = ResponseBody<'createCertificate'>;

/** The certificates the learner has issued, newest first: reloaded after each new one. */
export const certificatesMachine = createResourceMachine<Certificate[]>({ id: 'certificates' });
