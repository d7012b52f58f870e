import type { components } from '@/api/schema';
import { createResourceMachine } from '@/machines/shared/resource';

// Reference data of spec §4: nasot items and audiences, each fetched once. Each list is its own
// resource (its own initialized flag); a load asked for while one is in flight joins it.

export type NasotItem = components['schemas']['NasotItem'];
export type Audience = components['schemas']['Audience'];

export const nasotItemsMachine = createResourceMachine<NasotItem[]>({ id: 'nasotItems' });
export const audiencesMachine = createResourceMachine<Audience[]>({ id: 'audiences' });

export type NasotItemsMachine = typeof nasotItemsMachine;
export type AudiencesMachine = typeof audiencesMachine;
