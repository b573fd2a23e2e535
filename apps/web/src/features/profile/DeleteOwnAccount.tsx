import { deleteOwnUserSchema } from '@kropla/domain'
import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useApi } from '../../app/api-context'
import { useErrorMessage } from '../../app/ui/useErrorMessage'
import { reloadPage } from '../../lib/reload'
import { showServerErrorAtFields, useSchemaForm } from '../../lib/use-schema-form'
import { endLocalSession } from '../session/end-session'
import { DangerZone } from '../settings/DangerZone'

/** Deleting one's own user account needs the password (spec 01 section 5); the user is then logged out. */
export function DeleteOwnAccount() {
  const { t } = useTranslation()
  const api = useApi()
  const queryClient = useQueryClient()
  const messageOf = useErrorMessage()
  const [isOpen, modal] = useDisclosure(false)
  const form = useSchemaForm(deleteOwnUserSchema, { password: '' })
  const remove = useMutation({
    mutationFn: (body: { password: string }) => api.delete('/api/users/me', body),
    onSuccess: () => {
      endLocalSession(queryClient, api)
      reloadPage('#/login')
    },
    onError: (error) => showServerErrorAtFields(form, error, { password_incorrect: 'password' }),
  })
  const close = () => {
    modal.close()
    form.reset()
    remove.reset()
  }
  const fieldCaughtIt = remove.isError && Boolean(form.errors.password)

  return (
    <DangerZone
      title={t('profile.delete_title')}
      text={t('profile.delete_text')}
      buttonLabel={t('profile.delete_button')}
      onOpen={modal.open}
    >
      <Modal opened={isOpen} onClose={close} title={t('profile.delete_title')} centered>
        <form
          onSubmit={form.onSubmit((values) => remove.mutate(deleteOwnUserSchema.parse(values)))}
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
              {t('profile.delete_warning')}
            </Alert>
            {remove.isError && !fieldCaughtIt && (
              <Alert color="red" role="alert" data-testid="delete-error">
                {messageOf(remove.error)}
              </Alert>
            )}
            <PasswordInput
              label={t('profile.password')}
              autoComplete="current-password"
              required
              data-autofocus
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('settings.cancel')}
              </Button>
              <Button type="submit" color="red" loading={remove.isPending}>
                {t('profile.delete_submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </DangerZone>
  )
}
