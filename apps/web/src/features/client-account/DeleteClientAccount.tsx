import { deleteClientAccountSchema } from '@kropla/domain'
import { Alert, Button, Checkbox, Group, Modal, PasswordInput, Stack } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useApi } from '../../app/api-context'
import { useErrorMessage } from '../../app/ui/useErrorMessage'
import { reloadPage } from '../../lib/reload'
import { showServerErrorAtFields, useSchemaForm } from '../../lib/use-schema-form'
import { endLocalSession } from '../session/end-session'
import { DangerZone } from '../settings/DangerZone'

/**
 * Deleting the client account is its own action (spec 01 section 6): the confirmation checkbox
 * ('Checkbox not set - account was not removed.') and the admin's password. It removes all data.
 */
export function DeleteClientAccount() {
  const { t } = useTranslation()
  const api = useApi()
  const queryClient = useQueryClient()
  const messageOf = useErrorMessage()
  const [isOpen, modal] = useDisclosure(false)
  const form = useSchemaForm(deleteClientAccountSchema, { confirm: false, password: '' })
  const remove = useMutation({
    mutationFn: (body: { confirm: true; password: string }) => api.delete('/api/client', body),
    onSuccess: () => {
      endLocalSession(queryClient, api)
      reloadPage('#/login')
    },
    onError: (error) =>
      showServerErrorAtFields(form, error, { password_incorrect: 'password', checkbox_not_set: 'confirm' }),
  })
  const close = () => {
    modal.close()
    form.reset()
    remove.reset()
  }
  const fieldCaughtIt = remove.isError && Boolean(form.errors.password || form.errors.confirm)

  return (
    <DangerZone
      title={t('client.delete_title')}
      text={t('client.delete_text')}
      buttonLabel={t('client.delete_button')}
      onOpen={modal.open}
    >
      <Modal opened={isOpen} onClose={close} title={t('client.delete_title')} centered>
        <form
          onSubmit={form.onSubmit((values) => remove.mutate(deleteClientAccountSchema.parse(values)))}
          noValidate
        >
          <Stack gap="md">
            <Alert
              color="red"
              variant="filled"
              role="alert"
              data-testid="delete-warning"
              data-strength="strong"
            >
              {t('client.delete_text')}
            </Alert>
            {remove.isError && !fieldCaughtIt && (
              <Alert color="red" role="alert" data-testid="delete-error">
                {messageOf(remove.error)}
              </Alert>
            )}
            <Checkbox
              label={t('client.delete_confirm')}
              {...form.getInputProps('confirm', { type: 'checkbox' })}
            />
            <PasswordInput
              label={t('client.password')}
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('settings.cancel')}
              </Button>
              <Button type="submit" color="red" loading={remove.isPending}>
                {t('client.delete_submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </DangerZone>
  )
}
