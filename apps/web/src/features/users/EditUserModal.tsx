import { type AccountUser, accountUserSchema, isAdmin, updateUserSchema } from '@kropla/domain'
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useApi } from '../../app/api-context'
import { useErrorMessage } from '../../app/ui/useErrorMessage'
import { showServerErrorAtFields, useSchemaForm } from '../../lib/use-schema-form'
import { meQueryKey } from '../session/me-query'
import { useSession } from '../session/useSession'
import { displayName } from './display-name'
import { usersQueryKey } from './UsersScreen'

/** Edit a user of the account: name, phone, description, role (admin or normal; operators are the operator's). */
export function EditUserModal({ user, onClose }: { user: AccountUser; onClose: () => void }) {
  const { t } = useTranslation()
  const api = useApi()
  const queryClient = useQueryClient()
  const messageOf = useErrorMessage()
  const { user: me } = useSession()
  const form = useSchemaForm(updateUserSchema, {
    name: user.name,
    family_name: user.family_name,
    phone: user.phone,
    description: user.description,
    type: (user.type === 1 ? 1 : 2) as 1 | 2,
  })
  const save = useMutation({
    mutationFn: (body: unknown) => api.put(`/api/users/${user.id}`, body, accountUserSchema),
    onSuccess: (saved: AccountUser) => {
      queryClient.setQueryData<AccountUser[]>(usersQueryKey, (users) =>
        users?.map((row) => (row.id === saved.id ? saved : row)),
      )
      if (saved.id === me.id) void queryClient.invalidateQueries({ queryKey: meQueryKey })
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
          {save.isError && !fieldCaughtIt && (
            <Alert color="red" role="alert" data-testid="edit-error">
              {messageOf(save.error)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label={t('users.name')} data-autofocus {...form.getInputProps('name')} />
            <TextInput label={t('users.family_name')} {...form.getInputProps('family_name')} />
          </SimpleGrid>
          <TextInput
            type="tel"
            label={t('users.phone')}
            description={t('profile.phone_hint')}
            {...form.getInputProps('phone')}
          />
          <Textarea
            label={t('users.description')}
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <NativeSelect
            label={t('users.type')}
            name="type"
            data={[
              { value: '2', label: t('users.type_2') },
              { value: '1', label: t('users.type_1') },
            ]}
            value={String(values.type)}
            onChange={(event) => form.setFieldValue('type', event.currentTarget.value === '1' ? 1 : 2)}
          />
          {isGivingUpAdmin && (
            <Alert color="orange" role="alert" data-testid="self-demote-warning">
              {t('users.self_demote_warning')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('settings.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
