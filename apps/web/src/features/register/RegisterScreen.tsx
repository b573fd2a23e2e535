import '../../app/every-component-styles'
import {
  findModel,
  registerAccountNameSchema,
  registerConsentsSchema,
  registerCredentialsSchema,
  registerDeviceSchema,
  registerRequestSchema,
  timeZoneSchema,
} from '@kropla/domain'
import { pickLang } from '@kropla/i18n/lang'
import { Alert, Anchor, Button, Checkbox, Group, Stack, Stepper, Text, TextInput, Title } from '@mantine/core'
import { type FormEvent, type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { termsUrl } from '../../lib/constants'
import { browserTimeZone } from '../../lib/time-zones'
import { translateKey } from '../../lib/translate-key'
import { showServerErrorAtFields, useSchemaForm, validateStep } from '../../lib/use-schema-form'
import { NewPasswordFields } from '../account-forms/NewPasswordFields'
import { useCheckAccountName, useCheckDevice, useReadNewSession, useRegister } from './register-api'
import { fieldOfCode, registrationSteps, stepOfError } from './registration-steps'

/** The catalogue keys of the steps' names (`register.step_device` ...). */
const stepKeys = registrationSteps.map((step) => `step_${step}` as const)
type StepKey = (typeof stepKeys)[number]

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
  const readNewSession = useReadNewSession()
  const navigate = useNavigate()
  const form = useSchemaForm<Values>(registerRequestSchema, initialValues)
  const [active, setActive] = useState(0)
  const [stepError, setStepError] = useState<StepError | null>(null)

  const checkDevice = useCheckDevice()
  const checkAccountName = useCheckAccountName()
  const register = useRegister()
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
      // The browser's zone becomes the farm's (an admin can change it); an odd one is left to the default.
      const zone = timeZoneSchema.safeParse(browserTimeZone())
      const body = {
        ...registerRequestSchema.parse(values),
        lang: pickLang([i18n.language]),
        ...(zone.success ? { time_zone: zone.data } : {}),
      }
      register.mutate(body, {
        onSuccess: () => setActive(4),
        onError: (error) => fail(stepOfError(error) ?? 3, error),
      })
    }
  }

  async function enterApp() {
    await readNewSession()
    await navigate('/', { replace: true })
  }

  const errorAt = (step: number) =>
    stepError?.step === step ? <FailureAlert error={stepError.error} testId="register-error" /> : null
  const modelName = (model: string) =>
    translateKey(i18n, `models.${findModel(model)?.dictionaryKey ?? model}.description`, model)
  const done = active === 4
  const values = form.getValues()

  // Narrow screens show the step's name in the caption above the stepper instead of under its icon.
  const stepProps = (key: StepKey) => ({
    label: (
      <Text span size="xs" fw={500} visibleFrom="sm">
        {t(`register.${key}`)}
      </Text>
    ),
    'aria-label': t(`register.${key}`),
  })
  const checkbox = (field: keyof Values) => form.getInputProps(field, { type: 'checkbox' })

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
          <Stepper.Step {...stepProps('step_device')}>
            <StepFields intro={t('register.device_intro')} error={errorAt(0)}>
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
            </StepFields>
          </Stepper.Step>

          <Stepper.Step {...stepProps('step_account')}>
            <StepFields
              notice={
                checkDevice.data?.model && (
                  <Alert color="teal" variant="light" data-testid="device-found">
                    {t('register.device_found', { model: modelName(checkDevice.data.model) })}
                  </Alert>
                )
              }
              intro={t('register.account_intro')}
              error={errorAt(1)}
            >
              <TextInput
                label={t('register.account_name')}
                autoComplete="organization"
                required
                {...form.getInputProps('account_name')}
              />
            </StepFields>
          </Stepper.Step>

          <Stepper.Step {...stepProps('step_credentials')}>
            <StepFields intro={t('register.credentials_intro')} error={errorAt(2)}>
              <TextInput
                type="email"
                label={t('register.email')}
                autoComplete="email"
                required
                {...form.getInputProps('email')}
              />
              <NewPasswordFields
                form={form}
                labels={{ password: t('register.password'), confirmation: t('register.password_confirm') }}
              />
            </StepFields>
          </Stepper.Step>

          <Stepper.Step {...stepProps('step_consents')}>
            <StepFields intro={t('register.consents_intro')} error={errorAt(3)}>
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
                {...checkbox('terms')}
              />
              <Checkbox label={t('register.required_consents')} {...checkbox('required_consents')} />
              <Checkbox label={t('register.marketing_app')} {...checkbox('marketing_app')} />
              <Checkbox label={t('register.marketing_email')} {...checkbox('marketing_email')} />
            </StepFields>
          </Stepper.Step>

          <Stepper.Step {...stepProps('step_done')}>
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

interface StepFieldsProps {
  intro: string
  /** The refusal that sent the user back to this step, shown above its fields. */
  error: ReactNode
  /** Good news from the step before (the device found), above the intro. */
  notice?: ReactNode
  children: ReactNode
}

function StepFields({ intro, error, notice, children }: StepFieldsProps) {
  return (
    <Stack gap="md" mt="md">
      {notice}
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
      {error}
      {children}
    </Stack>
  )
}
