import { loginSchema } from '@kropla/domain'
import { Anchor, Button, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { translateKey } from '../../lib/translate-key'
import { useLogin } from './useLogin'

type FieldErrors = Partial<Record<'email' | 'password', string>>

export function LoginScreen() {
  const { t, i18n } = useTranslation()
  const login = useLogin()
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const parsed = loginSchema.safeParse({ email: form.get('email'), password: form.get('password') })
    if (!parsed.success) {
      // The domain schema's messages are catalogue keys (errors.field_required).
      const errors: FieldErrors = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0]
        if (field === 'email' || field === 'password') {
          errors[field] = translateKey(i18n, issue.message, t('errors.validation_failed'))
        }
      }
      setFieldErrors(errors)
      return
    }
    setFieldErrors({})
    login.mutate(parsed.data)
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2}>{t('login.title')}</Title>
        {login.isError && <FailureAlert error={login.error} testId="login-error" />}
        <TextInput
          name="email"
          type="email"
          label={t('login.email')}
          autoComplete="username"
          error={fieldErrors.email}
          required
          autoFocus
        />
        <PasswordInput
          name="password"
          label={t('login.password')}
          autoComplete="current-password"
          error={fieldErrors.password}
          required
        />
        <Button type="submit" loading={login.isPending} fullWidth>
          {t('login.submit')}
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to="/register" size="sm">
            {t('login.register')}
          </Anchor>
          <Anchor component={Link} to="/pass_reset" size="sm">
            {t('login.forgot')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  )
}
