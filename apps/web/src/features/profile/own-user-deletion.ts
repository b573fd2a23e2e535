import { deleteOwnUserSchema, userRoutes } from '@kropla/domain'
import type { PasswordConfirmedDeletion } from '../account-forms/ConfirmWithPassword'

/** Deleting one's own user account (spec 01 section 5), from the profile or from the users list. */
export const ownUserDeletion: PasswordConfirmedDeletion<{ password: string }> = {
  schema: deleteOwnUserSchema,
  initialValues: { password: '' },
  route: userRoutes.removeOwn,
  fieldOfCode: { password_incorrect: 'password' },
}
