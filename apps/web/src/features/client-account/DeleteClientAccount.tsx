import { clientAccountRoutes, deleteClientAccountSchema } from '@kropla/domain'
import { Checkbox } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { ConfirmWithPassword, type PasswordConfirmedDeletion } from '../account-forms/ConfirmWithPassword'
import { DangerZone } from '../settings/DangerZone'

const clientAccountDeletion: PasswordConfirmedDeletion<{ confirm: boolean; password: string }> = {
  schema: deleteClientAccountSchema,
  initialValues: { confirm: false, password: '' },
  route: clientAccountRoutes.remove,
  fieldOfCode: { password_incorrect: 'password', checkbox_not_set: 'confirm' },
}

/**
 * Deleting the client account is its own action (spec 01 section 6): the confirmation checkbox
 * ('Checkbox not set - account was not removed.') and the admin's password. It removes all data.
 */
export function DeleteClientAccount() {
  const { t } = useTranslation()
  const [isOpen, modal] = useDisclosure(false)
  return (
    <DangerZone
      title={t('client.delete_title')}
      text={t('client.delete_text')}
      buttonLabel={t('client.delete_button')}
      onOpen={modal.open}
    >
      <ConfirmWithPassword
        deletion={clientAccountDeletion}
        opened={isOpen}
        onClose={modal.close}
        title={t('client.delete_title')}
        warning={t('client.delete_text')}
        passwordLabel={t('client.password')}
        submitLabel={t('client.delete_submit')}
        fieldsBefore={(form) => (
          <Checkbox
            label={t('client.delete_confirm')}
            {...form.getInputProps('confirm', { type: 'checkbox' })}
          />
        )}
      />
    </DangerZone>
  )
}
