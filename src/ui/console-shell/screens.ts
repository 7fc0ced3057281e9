import type { staffRoles } from '../../lib/schemas/staff';

type StaffRole = (typeof staffRoles)[number];

/**
 * The console's screens in menu order, with the roles that open each. The menu shows a staff member only
 * theirs, and a page refuses the others (`consolePage`, src/edge/pages/console-page.ts); the API checks the
 * same roles again on every call (src/api/core/endpoint.ts `staffRolesOf`), so neither is the only guard.
 */
export type ConsoleScreen =
  | 'overview' | 'review' | 'ambassadors' | 'campaigns' | 'rewards' | 'branding' | 'emails' | 'integrations' | 'webhooks'
  | 'payouts' | 'tax' | 'team' | 'sessions' | 'audit';

const ALL: readonly StaffRole[] = ['owner', 'admin', 'reviewer', 'finance', 'viewer'];
const RUN: readonly StaffRole[] = ['owner', 'admin'];

export const CONSOLE_SCREENS: readonly { key: ConsoleScreen; path: string; roles: readonly StaffRole[] }[] = [
  { key: 'overview', path: '/console', roles: ALL },
  { key: 'review', path: '/console/review', roles: ['owner', 'admin', 'reviewer', 'viewer'] },
  { key: 'ambassadors', path: '/console/ambassadors', roles: ALL },
  { key: 'campaigns', path: '/console/campaigns', roles: ['owner', 'admin', 'reviewer', 'viewer'] },
  { key: 'rewards', path: '/console/rewards', roles: ['owner', 'admin', 'reviewer', 'viewer'] },
  { key: 'branding', path: '/console/branding', roles: ['owner', 'admin', 'viewer'] },
  { key: 'emails', path: '/console/emails', roles: ['owner', 'admin', 'viewer'] },
  { key: 'integrations', path: '/console/integrations', roles: RUN },
  { key: 'webhooks', path: '/console/webhooks', roles: RUN },
  { key: 'payouts', path: '/console/payouts', roles: ['owner', 'admin', 'finance', 'viewer'] },
  // Everyone reads the summary (taxpayer ids masked); the filing export and the settings are owners', admins' and finance's.
  { key: 'tax', path: '/console/tax', roles: ALL },
  { key: 'team', path: '/console/team', roles: RUN },
  { key: 'sessions', path: '/console/sessions', roles: ALL },
  { key: 'audit', path: '/console/audit', roles: RUN },
];

export const screenOf = (key: ConsoleScreen) => CONSOLE_SCREENS.find((s) => s.key === key)!;
export const opens = (role: StaffRole, key: ConsoleScreen) => screenOf(key).roles.includes(role);
