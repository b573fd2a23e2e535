import { type InvitationAnswer, invitationRoutes } from '@kropla/domain'
import '../../app/every-component-styles'
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { PendingState } from '../../app/ui/PendingState'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { NewPasswordFields } from '../account-forms/NewPasswordFields'
import { useNewPasswordForm } from '../account-forms/use-new-password-form'
import { useEnterNewSession, useInvitation } from './invitation-api'

/**
 * /invitation?token=... : the first-run set-password screen of an invited user (spec 01 section 2).
 * Accepting logs the user in and opens the app.
 */
export function InvitationScreen() {
  const { t } = useTranslation()
  const messageOf = useErrorMessage()
  const token = useSearchParams()[0].get('token') ?? ''
  const invitation = useInvitation(token)

  if (invitation.isPending && token !== '') return <PendingState />
  if (!invitation.isSuccess) {
    return (
      <Stack gap="md">
        <Title order={2}>{t('invitation.title')}</Title>
        <Alert color="red" role="alert" data-testid="invitation-error">
          {token === '' ? t('errors.link_invalid') : messageOf(invitation.error)}
        </Alert>
        <Anchor component={Link} to="/login" size="sm">
          {t('app.back_to_login')}
        </Anchor>
      </Stack>
    )
  }
  return <SetPassword token={token} invitation={invitation.data} />
}

function SetPassword({ token, invitation }: { token: string; invitation: InvitationAnswer }) {
  const { t } = useTranslation()
  const enterNewSession = useEnterNewSession()
  const navigate = useNavigate()
  async function enterApp() {
    await enterNewSession()
    await navigate('/', { replace: true })
  }
  const { form, send: accept, submit } = useNewPasswordForm(token, invitationRoutes.accept, enterApp)

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2}>{t('invitation.title')}</Title>
        <Text size="sm">
          {t('invitation.intro', { client: invitation.client_name, email: invitation.email })}
        </Text>
        {accept.isError && <FailureAlert error={accept.error} testId="invitation-error" />}
        <TextInput
          label={t('invitation.email')}
          value={invitation.email}
          name="email"
          readOnly
          autoComplete="username"
        />
        <NewPasswordFields
          form={form}
          labels={{ password: t('passReset.password'), confirmation: t('passReset.password_confirm') }}
          autoFocus
        />
        <Button type="submit" loading={accept.isPending} fullWidth>
          {t('invitation.submit')}
        </Button>
      </Stack>
    </form>
  )
}
