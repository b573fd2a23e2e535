import { type MeResponse, type Profile, profileSchema } from '@kropla/domain'
import {
  Button,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '../../app/api-context'
import { ErrorState } from '../../app/ui/ErrorState'
import { PendingState } from '../../app/ui/PendingState'
import { useErrorMessage } from '../../app/ui/useErrorMessage'
import { showServerErrorAtFields, useSchemaForm } from '../../lib/use-schema-form'
import { meQueryKey } from '../session/me-query'
import { useSession } from '../session/useSession'
import { SettingsPage } from '../settings/SettingsPage'
import { DeleteOwnAccount } from './DeleteOwnAccount'

export const profileQueryKey = ['profile'] as const

/** settings/profile (spec 01 section 3, user): personal data, alarm notifications, consents, start screen. */
export function ProfileScreen() {
  const { t } = useTranslation()
  const api = useApi()
  const profile = useQuery({
    queryKey: profileQueryKey,
    queryFn: () => api.get('/api/profile', profileSchema),
  })
  return (
    <SettingsPage title={t('profile.title')}>
      {profile.isPending ? (
        <PendingState />
      ) : profile.isError ? (
        <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <ProfileForm profile={profile.data} />
      )}
      <DeleteOwnAccount />
    </SettingsPage>
  )
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation()
  const api = useApi()
  const queryClient = useQueryClient()
  const messageOf = useErrorMessage()
  const { user } = useSession()
  const form = useSchemaForm<Profile>(profileSchema, profile)

  const save = useMutation({
    mutationFn: (body: Profile) => api.put('/api/profile', body),
    onSuccess: (_answer, body) => {
      queryClient.setQueryData(profileQueryKey, body)
      // The top panel shows the name; the start screen honours hide_splash.
      queryClient.setQueryData<MeResponse | null>(meQueryKey, (me) =>
        me
          ? {
              ...me,
              user: {
                ...me.user,
                name: body.name,
                family_name: body.family_name,
                hide_splash: body.hide_splash,
              },
            }
          : me,
      )
      form.resetDirty(body)
      notifications.show({ color: 'teal', message: t('settings.saved') })
    },
    onError: (error) => {
      if (!showServerErrorAtFields(form, error))
        notifications.show({ color: 'red', title: t('errors.changes_not_saved'), message: messageOf(error) })
    },
  })

  const submit = form.onSubmit((values) => save.mutate(profileSchema.parse(values)))
  const checkbox = (field: keyof Profile) => form.getInputProps(field, { type: 'checkbox' })
  const sms = checkbox('notify_sms')

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Card withBorder radius="md" padding="lg">
          <Title order={3} size="h4" mb="sm">
            {t('profile.personal')}
          </Title>
          <TextInput
            label={t('profile.email')}
            value={user.email}
            readOnly
            name="email"
            variant="filled"
            mb="md"
            maw={{ sm: '50%' }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('profile.name')} autoComplete="given-name" {...form.getInputProps('name')} />
            <TextInput
              label={t('profile.family_name')}
              autoComplete="family-name"
              {...form.getInputProps('family_name')}
            />
            <TextInput
              type="tel"
              label={t('profile.phone')}
              description={t('profile.phone_hint')}
              autoComplete="tel"
              required={form.getValues().notify_sms}
              {...form.getInputProps('phone')}
            />
          </SimpleGrid>
          <Textarea
            mt="md"
            label={t('profile.description')}
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('description')}
          />
        </Card>

        <Card withBorder radius="md" padding="lg">
          <Title order={3} size="h4">
            {t('profile.notifications')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('profile.notifications_text')}
          </Text>
          <Group gap="xl">
            <Checkbox
              label={t('profile.notify_sms')}
              {...sms}
              onChange={(event: ChangeEvent<HTMLInputElement>) => {
                sms.onChange(event)
                form.clearFieldError('phone')
              }}
            />
            <Checkbox label={t('profile.notify_email')} {...checkbox('notify_email')} />
            <Checkbox label={t('profile.notify_app')} {...checkbox('notify_app')} />
          </Group>
        </Card>

        <Card withBorder radius="md" padding="lg">
          <Title order={3} size="h4" mb="sm">
            {t('profile.marketing')}
          </Title>
          <Group gap="xl">
            <Checkbox label={t('profile.marketing_app')} {...checkbox('marketing_app')} />
            <Checkbox label={t('profile.marketing_email')} {...checkbox('marketing_email')} />
            <Checkbox label={t('profile.marketing_phone')} {...checkbox('marketing_phone')} />
            <Checkbox label={t('profile.marketing_mail')} {...checkbox('marketing_mail')} />
          </Group>
        </Card>

        <Card withBorder radius="md" padding="lg">
          <Title order={3} size="h4" mb="sm">
            {t('profile.other')}
          </Title>
          <Switch label={t('profile.hide_splash')} {...checkbox('hide_splash')} />
        </Card>

        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
