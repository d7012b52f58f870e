import type { ComponentType } from 'react';
import type { ScreenName } from '@/lib/routes';

/** Loads one screen's chunk and answers its component. */
export type ScreenLoader = () => Promise<ComponentType>;

// One chunk per screen, fetched by the router's route-level `lazy` in parallel with the guard
// loader (src/views/router.tsx). Keep one `name: () => import('…')` entry per route:
// scripts/bundle-report.ts reads these lines to map routes to chunks. A module named here must
// not be imported statically anywhere else, or it falls back into the main chunk.
export const LAZY_SCREENS = {
  login: () => import('@/views/screens/login-page').then((m) => m.LoginPage),
  callback: () => import('@/views/screens/callback-page').then((m) => m.CallbackPage),
  'email-verification': () => import('@/views/screens/email-verification-page').then((m) => m.EmailVerificationPage),
  reveal: () => import('@/views/screens/reveal-page').then((m) => m.RevealPage),
  invite: () => import('@/views/screens/invite-page').then((m) => m.InvitePage),
  demo: () => import('@/views/screens/demo-page').then((m) => m.DemoPage),
  'check-email': () => import('@/views/screens/check-email-page').then((m) => m.CheckEmailPage),
  payment: () => import('@/views/screens/payment-page').then((m) => m.PaymentPage),
  'expired-organization-subscription': () => import('@/views/screens/expired-organization-page').then((m) => m.ExpiredOrganizationPage),
  onboarding: () => import('@/views/screens/onboarding-page').then((m) => m.OnboardingPage),
  personalize: () => import('@/views/screens/personalize-page').then((m) => m.PersonalizePage),
  dashboard: () => import('@/views/screens/dashboard-page').then((m) => m.DashboardPage),
  community: () => import('@/views/screens/section-pages').then((m) => m.CommunityPage),
  livestreams: () => import('@/views/screens/livestreams-page').then((m) => m.LivestreamsPage),
  livestream: () => import('@/views/screens/livestream-page').then((m) => m.LivestreamPage),
  'learning-object': () => import('@/views/screens/learning-object-page').then((m) => m.LearningObjectPage),
  playlist: () => import('@/views/screens/playlist-page').then((m) => m.PlaylistPage),
  catalog: () => import('@/views/screens/catalog-page').then((m) => m.CatalogPage),
  profile: () => import('@/views/screens/profile-page').then((m) => m.ProfilePage),
  learning: () => import('@/views/screens/learning-page').then((m) => m.LearningPage),
  billing: () => import('@/views/screens/billing-page').then((m) => m.BillingPage),
  usage: () => import('@/views/screens/usage-page').then((m) => m.UsagePage),
  roster: () => import('@/views/screens/roster-page').then((m) => m.RosterPage),
  statecharts: () => import('@/views/statecharts/statecharts-screen').then((m) => m.StatechartsScreen),
} satisfies Record<ScreenName, ScreenLoader>;
