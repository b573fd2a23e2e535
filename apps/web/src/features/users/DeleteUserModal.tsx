import type { AccountUser } from '@kropla/domain'
import { notifications } from '@mantine/notifications'
import { useTranslation } from 'react-i18next'
import { ConfirmWithPassword } from '../account-forms/ConfirmWithPassword'
import { DeletionModal, DeletionWarning } from '../account-forms/DeletionForm'
import { ownUserDeletion } from '../profile/own-user-deletion'
import { useSession } from '../session/use-session'
import { deleteWarningOf, displayName } from './display-name'
import { useDeleteUser } from './users-api'

interface DeleteUserModalProps {
  user: AccountUser
  onClose: () => void
}

/**
 * Deleting a user. An admin or oneself gets the stronger warning that access will be lost; oneself
 * also confirms with the password (`DELETE /api/users/me`) and is logged out. The last admin stays.
 */
export function DeleteUserModal({ user, onClose }: DeleteUserModalProps) {
  const { t } = useTranslation()
  const { user: me } = useSession()
  const warning = deleteWarningOf(user, me)
  if (warning !== 'self')
    return <DeleteOtherUser user={user} isAdmin={warning === 'admin'} onClose={onClose} />
  return (
    <ConfirmWithPassword
      deletion={ownUserDeletion}
      opened
      onClose={onClose}
      title={t('users.delete_title')}
      warning={t('users.delete_self_warning')}
      passwordLabel={t('profile.password')}
      submitLabel={t('users.delete_self_submit')}
    />
  )
}

function DeleteOtherUser({ user, isAdmin, onClose }: DeleteUserModalProps & { isAdmin: boolean }) {
  const { t } = useTranslation()
  const name = displayName(user)
  const remove = useDeleteUser(user.id, {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('users.deleted') })
      onClose()
    },
  })

  return (
    <DeletionModal
      title={t('users.delete_title')}
      warning={
        <DeletionWarning strength={isAdmin ? 'strong' : 'normal'}>
          {isAdmin ? t('users.delete_admin_warning', { name }) : t('users.delete_text', { name })}
        </DeletionWarning>
      }
      submitLabel={t('users.delete_submit')}
      mutation={remove}
      onClose={onClose}
    />
  )
}
