import { deleteOwnUserSchema } from '@kropla/domain'
import type { PasswordConfirmedDeletion } from '../account-forms/ConfirmWithPassword'

/** Deleting one's own user account (spec 01 section 5), from the profile or from the users list. */
export const ownUserDeletion: PasswordConfirmedDeletion<{ password: string }> = {
  schema: deleteOwnUserSchema,
  initialValues: { password: '' },
  path: '/api/users/me',
  fieldOfCode: { password_incorrect: 'password' },
}
