import type { components } from '@/api/schema';

// Names for the contract's schemas the machines pass around; generated, never redeclared.
export type User = components['schemas']['User'];
export type Profile = components['schemas']['Profile'];
export type ProfilePatch = components['schemas']['ProfilePatch'];
export type Subscription = components['schemas']['Subscription'];
export type ExperienceLevel = components['schemas']['ExperienceLevel'];
