import { Anchor, Button, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { translateKey } from '../../lib/translate-key'
import { useLogin } from './use-login'

type FieldErrors = Partial<Record<'email' | 'password', string>>

/**
 * The domain's login schema, with zod, is its own chunk: the login page's first load stays under
 * the 150 KB target (issue 11, item 7). Submitting waits for it if it has not arrived yet.
 */
const loadLoginSchema = () => import('./login-schema')

export function LoginScreen() {
  const { t, i18n } = useTranslation()
  const login = useLogin()
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})

  // Started at the first key or pointer press in the form, long before the visitor has typed both
  // fields. Not at mount: Lighthouse counts every download begun before the largest paint against it,
  // and the form's first frames were measured to paint after a load started from an effect.
  // A failure here is met again on submit, where it is handled.
  const startLoadingSchema = () => {
    loadLoginSchema().catch(() => {})
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void validateAndLogIn(new FormData(event.currentTarget))
  }

  async function validateAndLogIn(form: FormData) {
    const credentials = {
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
    }
    const loginSchema = await loadLoginSchema().then(
      (chunk) => chunk.loginSchema,
      () => null,
    )
    if (!loginSchema) {
      // The chunk did not arrive (offline, most likely): the server checks with the same schema, and
      // its answer, or the network failure, is shown as for any other attempt.
      login.mutate(credentials)
      return
    }
    const parsed = loginSchema.safeParse(credentials)
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
    <form onSubmit={submit} onKeyDown={startLoadingSchema} onPointerDown={startLoadingSchema} noValidate>
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
