import { type AccountUser, deleteOwnUserSchema } from '@kropla/domain'
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useApi } from '../../app/api-context'
import { useErrorMessage } from '../../app/ui/useErrorMessage'
import { reloadPage } from '../../lib/reload'
import { showServerErrorAtFields, useSchemaForm } from '../../lib/use-schema-form'
import { endLocalSession } from '../session/end-session'
import { useSession } from '../session/useSession'
import { deleteWarningOf, displayName } from './display-name'
import { usersQueryKey } from './UsersScreen'

/**
 * Deleting a user. An admin or oneself gets the stronger warning that access will be lost; oneself
 * also confirms with the password (`DELETE /api/users/me`) and is logged out. The last admin stays.
 */
export function DeleteUserModal({ user, onClose }: { user: AccountUser; onClose: () => void }) {
  const { t } = useTranslation()
  const api = useApi()
  const queryClient = useQueryClient()
  const messageOf = useErrorMessage()
  const { user: me } = useSession()
  const warning = deleteWarningOf(user, me)
  const isSelf = warning === 'self'
  const name = displayName(user)
  const form = useSchemaForm(deleteOwnUserSchema, { password: '' })

  const remove = useMutation({
    mutationFn: (password: string | null) =>
      password === null ? api.delete(`/api/users/${user.id}`) : api.delete('/api/users/me', { password }),
    onSuccess: () => {
      if (isSelf) {
        endLocalSession(queryClient, api)
        reloadPage('#/login')
        return
      }
      queryClient.setQueryData<AccountUser[]>(usersQueryKey, (users) =>
        users?.filter((row) => row.id !== user.id),
      )
      notifications.show({ color: 'teal', message: t('users.deleted') })
      onClose()
    },
    onError: (error) => {
      if (isSelf) showServerErrorAtFields(form, error, { password_incorrect: 'password' })
    },
  })
  const fieldCaughtIt = remove.isError && Boolean(form.errors.password)

  const submit = isSelf
    ? form.onSubmit((values) => remove.mutate(deleteOwnUserSchema.parse(values).password))
    : (event: React.FormEvent) => {
        event.preventDefault()
        remove.mutate(null)
      }

  return (
    <Modal opened onClose={onClose} title={t('users.delete_title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {warning === 'normal' ? (
            <Text data-testid="delete-warning" data-strength="normal">
              {t('users.delete_text', { name })}
            </Text>
          ) : (
            <Alert
              color="red"
              variant="filled"
              role="alert"
              data-testid="delete-warning"
              data-strength="strong"
            >
              {isSelf ? t('users.delete_self_warning') : t('users.delete_admin_warning', { name })}
            </Alert>
          )}
          {remove.isError && !fieldCaughtIt && (
            <Alert color="red" role="alert" data-testid="delete-error">
              {messageOf(remove.error)}
            </Alert>
          )}
          {isSelf && (
            <PasswordInput
              label={t('profile.password')}
              autoComplete="current-password"
              required
              data-autofocus
              {...form.getInputProps('password')}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('settings.cancel')}
            </Button>
            <Button type="submit" color="red" loading={remove.isPending}>
              {isSelf ? t('users.delete_self_submit') : t('users.delete_submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
