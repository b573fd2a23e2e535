import '../../app/every-component-styles'
import { passwordResetLinkMinutes, passwordResetRequestSchema, passwordResetRoutes } from '@kropla/domain'
import { pickLang } from '@kropla/i18n/lang'
import { Alert, Anchor, Button, Stack, Stepper, Text, TextInput, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { isApiError } from '../../lib/api-error'
import { showServerErrorAtFields, useSchemaForm } from '../../lib/use-schema-form'
import { NewPasswordFields } from '../account-forms/NewPasswordFields'
import { useNewPasswordForm } from '../account-forms/use-new-password-form'
import { useRequestResetLink } from './pass-reset-api'

/**
 * /pass_reset, two steps (spec 01 section 2): the account name and e-mail ask for a mailed link;
 * the link (`#/pass_reset?token=...`) opens step two, the new password typed twice.
 */
export function PassResetScreen() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const token = params.get('token')
  return (
    <Stack gap="lg">
      <Title order={2}>{t('passReset.title')}</Title>
      <Stepper active={token ? 1 : 0} size="sm">
        <Stepper.Step label={t('passReset.step_request')}>
          <RequestLink />
        </Stepper.Step>
        <Stepper.Step label={t('passReset.step_new')}>{token && <NewPassword token={token} />}</Stepper.Step>
      </Stepper>
    </Stack>
  )
}

function RequestLink() {
  const { t, i18n } = useTranslation()
  const form = useSchemaForm(passwordResetRequestSchema, { account_name: '', email: '' })
  const request = useRequestResetLink()

  const submit = form.onSubmit((values) => {
    const body = { ...passwordResetRequestSchema.parse(values), lang: pickLang([i18n.language]) }
    request.mutate(body, { onError: (error) => showServerErrorAtFields(form, error) })
  })

  if (request.isSuccess) {
    return (
      <Stack gap="md" mt="md" data-testid="reset-sent">
        <Title order={3}>{t('passReset.sent_title')}</Title>
        <Text>
          {t('passReset.sent_text', {
            email: form.getValues().email.trim(),
            minutes: passwordResetLinkMinutes,
          })}
        </Text>
        <Anchor component={Link} to="/login" size="sm">
          {t('app.back_to_login')}
        </Anchor>
      </Stack>
    )
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" mt="md">
        <Text size="sm" c="dimmed">
          {t('passReset.request_intro')}
        </Text>
        {request.isError && <FailureAlert error={request.error} testId="reset-error" />}
        <TextInput
          label={t('passReset.account_name')}
          autoComplete="organization"
          required
          {...form.getInputProps('account_name')}
        />
        <TextInput
          type="email"
          label={t('passReset.email')}
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={request.isPending} fullWidth>
          {t('passReset.send')}
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('app.back_to_login')}
        </Anchor>
      </Stack>
    </form>
  )
}

function NewPassword({ token }: { token: string }) {
  const { t } = useTranslation()
  const messageOf = useErrorMessage()
  const { form, send: confirm, submit } = useNewPasswordForm(token, passwordResetRoutes.confirm)

  if (confirm.isSuccess) {
    return (
      <Stack gap="md" mt="md" data-testid="reset-done">
        <Title order={3}>{t('passReset.done_title')}</Title>
        <Text>{t('passReset.done_text')}</Text>
        <Button component={Link} to="/login" fullWidth>
          {t('passReset.to_login')}
        </Button>
      </Stack>
    )
  }

  const isLinkBad = isApiError(confirm.error, 'link_invalid') || Boolean(form.errors.token)
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" mt="md">
        <Text size="sm" c="dimmed">
          {t('passReset.new_intro')}
        </Text>
        {(confirm.isError || isLinkBad) && (
          <Alert color="red" role="alert" data-testid="reset-error">
            <Stack gap={6}>
              <span>{isLinkBad ? t('errors.link_invalid') : messageOf(confirm.error)}</span>
              {isLinkBad && (
                <Anchor component={Link} to="/pass_reset" size="sm" fw={500}>
                  {t('passReset.request_again')}
                </Anchor>
              )}
            </Stack>
          </Alert>
        )}
        <NewPasswordFields
          form={form}
          labels={{ password: t('passReset.password'), confirmation: t('passReset.password_confirm') }}
          autoFocus
        />
        <Button type="submit" loading={confirm.isPending} fullWidth>
          {t('passReset.save')}
        </Button>
      </Stack>
    </form>
  )
}
