import { useDisclosure } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { ConfirmWithPassword } from '../account-forms/ConfirmWithPassword'
import { DangerZone } from '../settings/DangerZone'
import { ownUserDeletion } from './own-user-deletion'

/** Deleting one's own user account needs the password (spec 01 section 5); the user is then logged out. */
export function DeleteOwnAccount() {
  const { t } = useTranslation()
  const [isOpen, modal] = useDisclosure(false)
  return (
    <DangerZone
      title={t('profile.delete_title')}
      text={t('profile.delete_text')}
      buttonLabel={t('profile.delete_button')}
      onOpen={modal.open}
    >
      <ConfirmWithPassword
        deletion={ownUserDeletion}
        opened={isOpen}
        onClose={modal.close}
        title={t('profile.delete_title')}
        warning={t('profile.delete_warning')}
        passwordLabel={t('profile.password')}
        submitLabel={t('profile.delete_submit')}
      />
    </DangerZone>
  )
}
