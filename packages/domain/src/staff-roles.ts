/**
 * A store's staff roles, from least to most trusted: attendants handle orders; managers also run
 * the store's controls (pause, sold out, settings) and read its figures; owners also manage the
 * staff and everything else.
 */
export const STAFF_ROLES = ['attendant', 'manager', 'owner'] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

/** Whether an account with `role` may make a call that needs at least `needed`. */
export function staffRoleAllows(role: StaffRole, needed: StaffRole): boolean {
  return STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(needed);
}
