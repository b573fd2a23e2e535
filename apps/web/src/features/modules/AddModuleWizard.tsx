import {
  createObjectSchema,
  type DeviceModel,
  defaultProperties,
  findModel,
  type ObjectDetail,
  objectCheckSchema,
  propertiesSchema,
} from '@kropla/domain'
import { Alert, Button, Group, Image, Modal, Stack, Stepper, Text, TextInput, Title } from '@mantine/core'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { ApiRequestError } from '../../lib/api-error'
import { showServerErrorAtFields, useSchemaForm, validateStep } from '../../lib/use-schema-form'
import { hasWebNfc, NfcReadError, readNfcText } from '../../lib/web-nfc'
import { offlineBannerReasonId, useNeedsServer } from '../offline/use-online'
import { useSession } from '../session/use-session'
import { BasicFields } from './BasicFields'
import { combinedSchema, type LocationValues, locationInput } from './form-schema'
import { propertiesFromUserUnit, propertiesInUserUnit } from './module-form'
import { modelWording, modulePath, useAddObject, useCheckObject, useNfcLookUp } from './objects-api'
import { PropertyFields } from './PropertyFields'

interface Device {
  serial: string
  pin: string
  model: DeviceModel
}

/**
 * Adding a module (spec 01 section 2, "add device, with a wizard per model"): serial number and PIN
 * (or the module's NFC tag), then the model's own settings, then done.
 */
export function AddModuleWizard({
  onClose,
  prefill = { serial: '', pin: '' },
}: {
  onClose: () => void
  /** Serial and PIN from a scanned box label or tag (/mobile/boxs, /mobile/nfc). */
  prefill?: { serial: string; pin: string }
}) {
  const { t } = useTranslation()
  const [device, setDevice] = useState<Device | null>(null)
  const [added, setAdded] = useState<ObjectDetail | null>(null)
  const active = added ? 2 : device ? 1 : 0

  return (
    <Modal opened onClose={onClose} title={t('modules.wizard_title')} size="lg" centered>
      <Stepper active={active} size="xs" iconSize={28} wrap={false} aria-label={t('modules.wizard_title')}>
        <Stepper.Step label={t('modules.step_device')} aria-label={t('modules.step_device')}>
          <DeviceStep onFound={setDevice} onCancel={onClose} prefill={prefill} />
        </Stepper.Step>
        <Stepper.Step label={t('modules.step_settings')} aria-label={t('modules.step_settings')}>
          {device && <SettingsStep device={device} onBack={() => setDevice(null)} onAdded={setAdded} />}
        </Stepper.Step>
        <Stepper.Completed>{added && <DoneStep added={added} onClose={onClose} />}</Stepper.Completed>
      </Stepper>
    </Modal>
  )
}

/** The catalogue entry of the model the server found; a code this browser does not know is refused. */
function modelOrUnknown(code: string): DeviceModel {
  const model = findModel(code)
  if (!model) throw localError('model_unknown')
  return model
}

function DeviceStep({
  onFound,
  onCancel,
  prefill,
}: {
  onFound: (device: Device) => void
  onCancel: () => void
  prefill: { serial: string; pin: string }
}) {
  const { t } = useTranslation()
  const needsServer = useNeedsServer(offlineBannerReasonId)
  const form = useSchemaForm(objectCheckSchema, prefill)
  const check = useCheckObject({
    onError: (error) => showServerErrorAtFields(form, error),
  })
  const nfc = useNfc(onFound)
  const [unknownModel, setUnknownModel] = useState<unknown>(null)
  const fieldCaughtIt = check.isError && Object.keys(form.errors).length > 0

  function submit(event: FormEvent) {
    event.preventDefault()
    setUnknownModel(null)
    if (!validateStep(form, objectCheckSchema)) return
    const body = objectCheckSchema.parse(form.getValues())
    check.mutate(body, {
      onSuccess: (result) => {
        const model = findModel(result.model)
        if (model) onFound({ serial: result.serial, pin: body.pin, model })
        else setUnknownModel(localError('model_unknown'))
      },
    })
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" mt="md">
        <Text size="sm" c="dimmed">
          {t('modules.device_intro')}
        </Text>
        {check.isError && !fieldCaughtIt && <FailureAlert error={check.error} testId="add-module-error" />}
        {nfc.error != null && <FailureAlert error={nfc.error} testId="nfc-error" />}
        {unknownModel != null && <FailureAlert error={unknownModel} testId="add-module-error" />}
        <TextInput
          label={t('modules.serial')}
          autoComplete="off"
          autoCapitalize="characters"
          required
          data-autofocus
          {...form.getInputProps('serial')}
        />
        <TextInput label={t('modules.pin')} autoComplete="off" required {...form.getInputProps('pin')} />
        {nfc.isAvailable && (
          <Stack gap={4}>
            <Button variant="light" onClick={nfc.scan} loading={nfc.isScanning} data-testid="scan-nfc">
              {t('modules.scan_nfc')}
            </Button>
            {nfc.isScanning && (
              <Text size="xs" c="dimmed" role="status">
                {t('modules.nfc_scanning')}
              </Text>
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('modules.cancel')}
          </Button>
          <Button type="submit" loading={check.isPending} {...needsServer}>
            {t('modules.next')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** Reads the module's NFC tag and asks the server what it is; errors as the server or the reader word them. */
function useNfc(onFound: (device: Device) => void) {
  const [isScanning, setScanning] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const abort = useRef<AbortController | null>(null)
  useEffect(() => () => abort.current?.abort(), [])
  const lookUp = useNfcLookUp()

  async function scan() {
    setError(null)
    abort.current?.abort()
    const controller = new AbortController()
    abort.current = controller
    setScanning(true)
    try {
      const code = await readNfcText(controller.signal)
      const result = await lookUp.mutateAsync(code)
      onFound({ serial: result.serial, pin: result.pin, model: modelOrUnknown(result.model) })
    } catch (cause) {
      setError(cause instanceof NfcReadError ? localError(cause.code) : cause)
    } finally {
      controller.abort()
      setScanning(false)
    }
  }
  return { isAvailable: hasWebNfc(), isScanning, error, scan: () => void scan() }
}

/** A failure found in the browser, worded like the server's refusals (`errors.<code>`). */
function localError(code: string) {
  return new ApiRequestError(0, code, '')
}

interface SettingsValues extends Record<string, unknown> {
  name: string
  marker: number
  location: LocationValues
  properties: Record<string, number | string | null>
}

function SettingsStep({
  device,
  onBack,
  onAdded,
}: {
  device: Device
  onBack: () => void
  onAdded: (added: ObjectDetail) => void
}) {
  const { t, i18n } = useTranslation()
  const needsServer = useNeedsServer(offlineBannerReasonId)
  const { model } = device
  // °C settings are typed in the user's unit and sent in °C.
  const temperatureUnit = useSession().user.temperature_unit
  const toBody = (values: Record<string, unknown>) => ({
    serial: device.serial,
    pin: device.pin,
    name: values.name,
    marker: values.marker,
    location: locationInput(values.location as LocationValues),
    properties: propertiesFromUserUnit(
      model,
      values.properties as SettingsValues['properties'],
      temperatureUnit,
    ),
  })
  const form = useSchemaForm<SettingsValues>(
    combinedSchema(
      [{ schema: createObjectSchema }, { schema: propertiesSchema(model.properties), at: 'properties' }],
      toBody,
    ),
    {
      name: '',
      marker: 0,
      location: { lat: null, lng: null },
      properties: propertiesInUserUnit(model, defaultProperties(model.properties), temperatureUnit),
    },
  )
  const add = useAddObject({
    onSuccess: (created) => {
      onAdded(created)
    },
    onError: (error) => showServerErrorAtFields(form, error),
  })
  const fieldCaughtIt = add.isError && Object.keys(form.errors).length > 0
  const modelName = modelWording(i18n, model.code, 'short')

  const submit = form.onSubmit((values) => {
    const body = toBody(values)
    add.mutate({
      ...createObjectSchema.parse(body),
      properties: propertiesSchema(model.properties).parse(body.properties),
    })
  })

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" mt="md">
        <Group wrap="nowrap" align="center" gap="md">
          <Image src={model.image} alt={modelName} w={96} h={96} fit="contain" data-testid="model-image" />
          <Stack gap={2}>
            <Title order={3} data-testid="creation-title">
              {modelWording(i18n, model.code, 'creation_title')}
            </Title>
            <Text size="sm" c="dimmed">
              {modelName} · {model.code} · {device.serial}
            </Text>
          </Stack>
        </Group>
        {add.isError && !fieldCaughtIt && <FailureAlert error={add.error} testId="add-module-error" />}
        <BasicFields form={form} autoFocus />
        {model.properties.length > 0 && (
          <Stack gap="xs">
            <Text fw={500} size="sm">
              {t('modules.properties')}
            </Text>
            <PropertyFields
              definitions={model.properties}
              form={form}
              path="properties"
              temperatureUnit={temperatureUnit}
            />
          </Stack>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onBack} disabled={add.isPending}>
            {t('modules.back')}
          </Button>
          <Button type="submit" loading={add.isPending} {...needsServer}>
            {t('modules.add_submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function DoneStep({ added, onClose }: { added: ObjectDetail; onClose: () => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Stack gap="md" mt="md" data-testid="add-module-done">
      <Alert color="teal" title={t('modules.done_title')}>
        {t('modules.done_text', { name: added.name, serial: added.serial })}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('modules.close')}
        </Button>
        <Button
          onClick={() => {
            onClose()
            void navigate(modulePath(added.id))
          }}
        >
          {t('modules.open_module')}
        </Button>
      </Group>
    </Stack>
  )
}
