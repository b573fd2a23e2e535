import {
  findModel,
  registerAccountNameSchema,
  registerConsentsSchema,
  registerCredentialsSchema,
  registerDeviceSchema,
  registerRequestSchema,
} from '@kropla/domain'
import { pickLang } from '@kropla/i18n'
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { useApi } from '../../app/api-context'
import { useErrorMessage } from '../../app/ui/useErrorMessage'
import type { Parser } from '../../lib/api'
import { termsUrl } from '../../lib/constants'
import { translateKey } from '../../lib/translate-key'
import { showServerErrorAtFields, useSchemaForm, validateStep } from '../../lib/use-schema-form'
import { PasswordRules } from '../auth/PasswordRules'
import { meQueryKey } from '../session/me-query'
import { fieldOfCode, stepOfError } from './registration-steps'

const stepKeys = ['step_device', 'step_account', 'step_credentials', 'step_consents', 'step_done'] as const

const initialValues = {
  serial: '',
  pin: '',
  account_name: '',
  email: '',
  password: '',
  password_confirm: '',
  terms: false,
  required_consents: false,
  marketing_app: false,
  marketing_email: false,
}
type Values = typeof initialValues

const deviceAnswer: Parser<{ model: string }> = {
  parse: (input) => {
    const model = (input as { model?: unknown } | undefined)?.model
    return { model: typeof model === 'string' ? model : '' }
  },
}

/** An error shown above the fields of the step it belongs to. */
interface StepError {
  step: number
  error: unknown
}

/**
 * /register, the five steps of spec 01 section 2. Steps 1 and 2 ask the server before moving on;
 * the last request sends everything again, and whatever it refuses sends the user back to the step
 * holding the cause.
 */
export function RegisterScreen() {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const messageOf = useErrorMessage()
  const form = useSchemaForm<Values>(registerRequestSchema, initialValues)
  const [active, setActive] = useState(0)
  const [stepError, setStepError] = useState<StepError | null>(null)

  const checkDevice = useMutation({
    mutationFn: (body: { serial: string; pin: string }) =>
      api.post('/api/register/device', body, deviceAnswer),
  })
  const checkAccountName = useMutation({
    mutationFn: (body: { account_name: string }) => api.post('/api/register/account-name', body),
  })
  const register = useMutation({
    mutationFn: (body: unknown) => api.post('/api/register', body),
    // The answer carries a new session cookie; the CSRF token of the anonymous visitor is spent.
    onSuccess: () => api.forgetCsrfToken(),
  })
  const isBusy = checkDevice.isPending || checkAccountName.isPending || register.isPending

  function fail(step: number, error: unknown) {
    setActive(step)
    if (!showServerErrorAtFields(form, error, fieldOfCode)) setStepError({ step, error })
  }

  function next(event: FormEvent) {
    event.preventDefault()
    setStepError(null)
    const values = form.getValues()
    if (active === 0 && validateStep(form, registerDeviceSchema)) {
      const body = registerDeviceSchema.parse(values)
      checkDevice.mutate(body, { onSuccess: () => setActive(1), onError: (error) => fail(0, error) })
    } else if (active === 1 && validateStep(form, registerAccountNameSchema)) {
      const body = registerAccountNameSchema.parse(values)
      checkAccountName.mutate(body, { onSuccess: () => setActive(2), onError: (error) => fail(1, error) })
    } else if (active === 2 && validateStep(form, registerCredentialsSchema)) {
      setActive(3)
    } else if (active === 3 && validateStep(form, registerConsentsSchema)) {
      const body = { ...registerRequestSchema.parse(values), lang: pickLang([i18n.language]) }
      register.mutate(body, {
        onSuccess: () => setActive(4),
        onError: (error) => fail(stepOfError(error) ?? 3, error),
      })
    }
  }

  async function enterApp() {
    await queryClient.invalidateQueries({ queryKey: meQueryKey })
    await navigate('/', { replace: true })
  }

  const errorAt = (step: number) =>
    stepError?.step === step ? (
      <Alert color="red" role="alert" data-testid="register-error">
        {messageOf(stepError.error)}
      </Alert>
    ) : null
  const modelName = (model: string) =>
    translateKey(i18n, `models.${findModel(model)?.dictionaryKey ?? model}.description`, model)
  const done = active === 4
  const values = form.getValues()

  const stepLabel = (
    key: 'step_device' | 'step_account' | 'step_credentials' | 'step_consents' | 'step_done',
  ) => (
    <Text span size="xs" fw={500} visibleFrom="sm">
      {t(`register.${key}`)}
    </Text>
  )

  return (
    <form onSubmit={next} noValidate>
      <Stack gap="lg">
        <Title order={2}>{t('register.title')}</Title>
        <Text size="sm" fw={500} hiddenFrom="sm" data-testid="register-step-caption">
          {t('register.step_of', {
            step: active + 1,
            total: stepKeys.length,
            name: t(`register.${stepKeys[active] ?? 'step_done'}`),
          })}
        </Text>
        <Stepper
          active={active}
          onStepClick={done || isBusy ? undefined : setActive}
          allowNextStepsSelect={false}
          size="xs"
          iconSize={30}
          wrap={false}
          styles={{ separator: { marginInline: 8 }, stepBody: { marginInlineStart: 8 } }}
          aria-label={t('register.title')}
        >
          <Stepper.Step label={stepLabel('step_device')} aria-label={t('register.step_device')}>
            <Stack gap="md" mt="md">
              <Text size="sm" c="dimmed">
                {t('register.device_intro')}
              </Text>
              {errorAt(0)}
              <TextInput
                label={t('register.serial')}
                autoComplete="off"
                autoCapitalize="characters"
                required
                data-autofocus
                {...form.getInputProps('serial')}
              />
              <TextInput
                label={t('register.pin')}
                autoComplete="off"
                inputMode="text"
                required
                {...form.getInputProps('pin')}
              />
            </Stack>
          </Stepper.Step>

          <Stepper.Step label={stepLabel('step_account')} aria-label={t('register.step_account')}>
            <Stack gap="md" mt="md">
              {checkDevice.data?.model && (
                <Alert color="teal" variant="light" data-testid="device-found">
                  {t('register.device_found', { model: modelName(checkDevice.data.model) })}
                </Alert>
              )}
              <Text size="sm" c="dimmed">
                {t('register.account_intro')}
              </Text>
              {errorAt(1)}
              <TextInput
                label={t('register.account_name')}
                autoComplete="organization"
                required
                {...form.getInputProps('account_name')}
              />
            </Stack>
          </Stepper.Step>

          <Stepper.Step label={stepLabel('step_credentials')} aria-label={t('register.step_credentials')}>
            <Stack gap="md" mt="md">
              <Text size="sm" c="dimmed">
                {t('register.credentials_intro')}
              </Text>
              {errorAt(2)}
              <TextInput
                type="email"
                label={t('register.email')}
                autoComplete="email"
                required
                {...form.getInputProps('email')}
              />
              <PasswordInput
                label={t('register.password')}
                autoComplete="new-password"
                required
                {...form.getInputProps('password')}
              />
              <PasswordInput
                label={t('register.password_confirm')}
                autoComplete="new-password"
                required
                {...form.getInputProps('password_confirm')}
              />
              <PasswordRules password={values.password} confirmation={values.password_confirm} />
            </Stack>
          </Stepper.Step>

          <Stepper.Step label={stepLabel('step_consents')} aria-label={t('register.step_consents')}>
            <Stack gap="md" mt="md">
              <Text size="sm" c="dimmed">
                {t('register.consents_intro')}
              </Text>
              {errorAt(3)}
              <Checkbox
                label={t('register.terms')}
                description={
                  <Anchor
                    href={termsUrl[pickLang([i18n.language])]}
                    target="_blank"
                    rel="noreferrer"
                    size="xs"
                  >
                    {t('register.terms_link')}
                  </Anchor>
                }
                {...form.getInputProps('terms', { type: 'checkbox' })}
              />
              <Checkbox
                label={t('register.required_consents')}
                {...form.getInputProps('required_consents', { type: 'checkbox' })}
              />
              <Checkbox
                label={t('register.marketing_app')}
                {...form.getInputProps('marketing_app', { type: 'checkbox' })}
              />
              <Checkbox
                label={t('register.marketing_email')}
                {...form.getInputProps('marketing_email', { type: 'checkbox' })}
              />
            </Stack>
          </Stepper.Step>

          <Stepper.Step label={stepLabel('step_done')} aria-label={t('register.step_done')}>
            <Stack gap="md" mt="md" data-testid="register-done">
              <Title order={3}>{t('register.done_title')}</Title>
              <Text>
                {t('register.done_text', {
                  serial: values.serial.trim(),
                  account: values.account_name.trim(),
                  email: values.email.trim().toLowerCase(),
                })}
              </Text>
            </Stack>
          </Stepper.Step>
        </Stepper>

        {done ? (
          <Button onClick={() => void enterApp()} fullWidth>
            {t('register.go_to_app')}
          </Button>
        ) : (
          <Group justify="space-between" wrap="nowrap">
            <Button
              variant="default"
              onClick={() => {
                setStepError(null)
                setActive((step) => step - 1)
              }}
              disabled={active === 0 || isBusy}
            >
              {t('register.back')}
            </Button>
            <Button type="submit" loading={isBusy}>
              {active === 3 ? t('register.submit') : t('register.next')}
            </Button>
          </Group>
        )}
        {!done && (
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('register.have_account')}
          </Anchor>
        )}
      </Stack>
    </form>
  )
}
