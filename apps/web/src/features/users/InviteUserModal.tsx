import { type InvitationSent, inviteUserSchema } from '@kropla/domain'
import { pickLang } from '@kropla/i18n/lang'
import { Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useTranslation } from 'react-i18next'
import { DialogActions } from '../../app/ui/DialogActions'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { showServerErrorAtFields, useSchemaForm } from '../../lib/use-schema-form'
import { type AssignableUserType, UserTypeSelect } from './UserTypeSelect'
import { useInviteUser } from './users-api'

const initialValues = { email: '', name: '', family_name: '', type: 2 as AssignableUserType }

/** Invite by e-mail: the invitee gets a link to the first-run set-password screen. */
export function InviteUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const form = useSchemaForm(inviteUserSchema, initialValues)
  const close = () => {
    form.reset()
    invite.reset()
    onClose()
  }
  const invite = useInviteUser({
    onSuccess: (sent: InvitationSent) => {
      notifications.show({ color: 'teal', message: t('users.invite_sent', { email: sent.email }) })
      close()
    },
    onError: (error) => showServerErrorAtFields(form, error, { email_in_use: 'email' }),
  })
  const fieldCaughtIt = invite.isError && Object.keys(form.errors).length > 0

  const submit = form.onSubmit((values) =>
    invite.mutate({ ...inviteUserSchema.parse(values), lang: pickLang([i18n.language]) }),
  )

  return (
    <Modal opened={opened} onClose={close} title={t('users.invite_title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('users.invite_text')}
          </Text>
          {invite.isError && !fieldCaughtIt && <FailureAlert error={invite.error} testId="invite-error" />}
          <TextInput
            type="email"
            label={t('users.email')}
            required
            data-autofocus
            {...form.getInputProps('email')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label={t('users.name')} {...form.getInputProps('name')} />
            <TextInput label={t('users.family_name')} {...form.getInputProps('family_name')} />
          </SimpleGrid>
          <UserTypeSelect
            value={form.getValues().type}
            onChange={(type) => form.setFieldValue('type', type)}
          />
          <DialogActions
            onCancel={close}
            submitLabel={t('users.invite_submit')}
            isPending={invite.isPending}
          />
        </Stack>
      </form>
    </Modal>
  )
}
