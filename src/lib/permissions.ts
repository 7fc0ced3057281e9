/**
 * The permission check of spec §6: a user carries a numeric access level, and a check reports true
 * (denied) when a user exists and their level is not in the allowed list supplied. No user means
 * nothing to deny here (signing in is the session gate's business).
 */
export function isPermissionDenied(user: { access: number } | null | undefined, allowed: readonly number[]): boolean {
  return !!user && !allowed.includes(user.access);
}

/**
 * Access levels that may use the ambassador portal. Every ambassador account is created with level 1
 * (the users table's default); any other level (a suspended account, a staff identity) is refused.
 */
export const PORTAL_ACCESS_LEVELS: readonly number[] = [1];
