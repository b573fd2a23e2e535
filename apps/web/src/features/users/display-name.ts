import { isAdmin } from '@kropla/domain'

/** How a user is named in lists and dialogs: the name, or the e-mail when there is none yet (an invitee). */
export function displayName(user: { name: string; family_name: string; email: string }): string {
  return [user.name, user.family_name].filter(Boolean).join(' ').trim() || user.email
}

/**
 * Spec 01 section 6: deleting an admin, or oneself, shows a stronger warning that access will be
 * lost; deleting oneself also needs the password (and logs out).
 */
export type DeleteWarning = 'self' | 'admin' | 'normal'

export function deleteWarningOf(target: { id: number; type: number }, me: { id: number }): DeleteWarning {
  if (target.id === me.id) return 'self'
  return isAdmin(target.type) ? 'admin' : 'normal'
}
