import { type Profile, profileRoutes, profileSchema } from '@kropla/domain'
import { Checkbox, Group, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import type { ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Loaded } from '../../app/ui/Loaded'
import { PhoneInput } from '../account-forms/PhoneInput'
import { SaveChangesButton } from '../account-forms/SaveChangesButton'
import { useSettingsForm } from '../account-forms/use-settings-form'
import { PushSwitch } from '../push/PushSwitch'
import { useSession } from '../session/use-session'
import { SettingsCard } from '../settings/SettingsCard'
import { SettingsPage } from '../settings/SettingsPage'
import { DeleteOwnAccount } from './DeleteOwnAccount'
import { storeProfile, useProfile } from './profile-api'

/** settings/profile (spec 01 section 3, user): personal data, alarm notifications, consents, start screen. */
export function ProfileScreen() {
  const { t } = useTranslation()
  const profile = useProfile()
  return (
    <SettingsPage title={t('profile.title')}>
      <Loaded query={profile}>{(data) => <ProfileForm profile={data} />}</Loaded>
      <DeleteOwnAccount />
    </SettingsPage>
  )
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { user } = useSession()
  const { form, submit, isSaving } = useSettingsForm({
    schema: profileSchema,
    initialValues: profile,
    toBody: (values) => profileSchema.parse(values),
    route: profileRoutes.update,
    onSaved: (body) => storeProfile(queryClient, body),
  })

  const checkbox = (field: keyof Profile) => form.getInputProps(field, { type: 'checkbox' })
  const sms = checkbox('notify_sms')

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SettingsCard title={t('profile.personal')}>
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
            <PhoneInput
              label={t('profile.phone')}
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
        </SettingsCard>

        <SettingsCard title={t('profile.notifications')} description={t('profile.notifications_text')}>
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
          <PushSwitch />
        </SettingsCard>

        <SettingsCard title={t('profile.marketing')}>
          <Group gap="xl">
            <Checkbox label={t('profile.marketing_app')} {...checkbox('marketing_app')} />
            <Checkbox label={t('profile.marketing_email')} {...checkbox('marketing_email')} />
            <Checkbox label={t('profile.marketing_phone')} {...checkbox('marketing_phone')} />
            <Checkbox label={t('profile.marketing_mail')} {...checkbox('marketing_mail')} />
          </Group>
        </SettingsCard>

        <SettingsCard title={t('profile.other')}>
          <Switch label={t('profile.hide_splash')} {...checkbox('hide_splash')} />
        </SettingsCard>

        <SaveChangesButton isSaving={isSaving} />
      </Stack>
    </form>
  )
}
