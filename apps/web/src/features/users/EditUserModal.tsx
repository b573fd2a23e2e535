import { type AccountUser, isAdmin, updateUserSchema } from '@kropla/domain'
import { Alert, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useTranslation } from 'react-i18next'
import { DialogActions } from '../../app/ui/DialogActions'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { showServerErrorAtFields, useSchemaForm } from '../../lib/use-schema-form'
import { PhoneInput } from '../account-forms/PhoneInput'
import { useSession } from '../session/use-session'
import { displayName } from './display-name'
import { type AssignableUserType, UserTypeSelect } from './UserTypeSelect'
import { useUpdateUser } from './users-api'

/** Edit a user of the account: name, phone, description, role (admin or normal; operators are the operator's). */
export function EditUserModal({ user, onClose }: { user: AccountUser; onClose: () => void }) {
  const { t } = useTranslation()
  const { user: me } = useSession()
  const form = useSchemaForm(updateUserSchema, {
    name: user.name,
    family_name: user.family_name,
    phone: user.phone,
    description: user.description,
    type: (user.type === 1 ? 1 : 2) as AssignableUserType,
  })
  const save = useUpdateUser(user.id, me.id, {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('settings.saved') })
      onClose()
    },
    onError: (error) => showServerErrorAtFields(form, error),
  })
  const fieldCaughtIt = save.isError && Object.keys(form.errors).length > 0
  const values = form.getValues()
  const isGivingUpAdmin = user.id === me.id && isAdmin(me.type) && values.type === 2

  const submit = form.onSubmit((formValues) => save.mutate(updateUserSchema.parse(formValues)))

  return (
    <Modal opened onClose={onClose} title={t('users.edit_title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {displayName(user)} · {user.email}
          </Text>
          {save.isError && !fieldCaughtIt && <FailureAlert error={save.error} testId="edit-error" />}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label={t('users.name')} data-autofocus {...form.getInputProps('name')} />
            <TextInput label={t('users.family_name')} {...form.getInputProps('family_name')} />
          </SimpleGrid>
          <PhoneInput label={t('users.phone')} {...form.getInputProps('phone')} />
          <Textarea
            label={t('users.description')}
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <UserTypeSelect value={values.type} onChange={(type) => form.setFieldValue('type', type)} />
          {isGivingUpAdmin && (
            <Alert color="orange" role="alert" data-testid="self-demote-warning">
              {t('users.self_demote_warning')}
            </Alert>
          )}
          <DialogActions onCancel={onClose} submitLabel={t('settings.save')} isPending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  )
}
