import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DeviceScreenFrame } from './DeviceScreenFrame'
import { bluetoothSupport } from './device-support'
import {
  type BluetoothDeviceLike,
  BluetoothProblem,
  chooseDevice,
  type DeviceInformation,
  readBattery,
  readDeviceInformation,
} from './web-bluetooth'

type What = 'information' | 'battery'
type Reading =
  | { what: 'information'; value: DeviceInformation | 'missing' }
  | { what: 'battery'; value: number | null | 'missing' }

/** `/mobile/bluetooth`: a nearby Bluetooth LE device and its device information (maker, model, firmware). */
export function BluetoothScreen() {
  return <BluetoothDeviceScreen what="information" />
}

/** `/mobile/ble`: a nearby Bluetooth LE device and its battery level (battery service, 0x2A19). */
export function BleScreen() {
  return <BluetoothDeviceScreen what="battery" />
}

function BluetoothDeviceScreen({ what }: { what: What }) {
  const { t } = useTranslation()
  const support = bluetoothSupport()
  const [device, setDevice] = useState<BluetoothDeviceLike | null>(null)
  const [reading, setReading] = useState<Reading | null>(null)
  const [isBusy, setBusy] = useState(false)
  const [problem, setProblem] = useState<BluetoothProblem | null>(null)
  // Leaving the screen lets the device go (another app or phone may want it).
  useEffect(() => () => device?.gatt?.disconnect(), [device])

  async function read(chosen: BluetoothDeviceLike) {
    setReading(
      what === 'battery'
        ? { what, value: await readBattery(chosen) }
        : { what, value: await readDeviceInformation(chosen) },
    )
  }
  async function run(action: () => Promise<void>) {
    setBusy(true)
    setProblem(null)
    try {
      await action()
    } catch (cause) {
      setProblem(
        cause instanceof BluetoothProblem ? cause : new BluetoothProblem('bluetooth_failed', String(cause)),
      )
    } finally {
      setBusy(false)
    }
  }
  const find = () =>
    run(async () => {
      const chosen = await chooseDevice()
      setDevice(chosen)
      setReading(null)
      await read(chosen)
    })

  return (
    <DeviceScreenFrame
      title={t(what === 'battery' ? 'nav.ble' : 'nav.bluetooth')}
      intro={t(what === 'battery' ? 'mobile_devices.ble_intro' : 'mobile_devices.bluetooth_intro')}
      support={support}
      unsupportedKey="bluetooth_unsupported"
      unsupportedTestId="bluetooth-unsupported"
    >
      {support === 'supported' && (
        <Stack gap="xs">
          <Button
            size="lg"
            onClick={() => void find()}
            loading={isBusy && !device}
            data-testid="bluetooth-find"
          >
            {t('mobile_devices.bluetooth_find')}
          </Button>
          {isBusy && !device && (
            <Text size="sm" role="status">
              {t('mobile_devices.bluetooth_finding')}
            </Text>
          )}
        </Stack>
      )}
      {problem && (
        <Alert
          color={problem.code === 'bluetooth_cancelled' ? 'gray' : 'red'}
          variant="light"
          data-testid="bluetooth-problem"
        >
          {t(`mobile_devices.${problem.code}`, { reason: problem.reason })}
        </Alert>
      )}
      {device && (
        <Card withBorder data-testid="bluetooth-device">
          <Stack gap="sm">
            <Field
              label={t('mobile_devices.device_name')}
              value={device.name || t('mobile_devices.unnamed')}
            />
            <Field label={t('mobile_devices.device_id')} value={device.id} />
            {reading?.what === 'information' &&
              (reading.value === 'missing' ? (
                <Text size="sm">{t('mobile_devices.no_device_information')}</Text>
              ) : (
                <>
                  <Field label={t('mobile_devices.manufacturer')} value={reading.value.manufacturer} />
                  <Field label={t('mobile_devices.model')} value={reading.value.model} />
                  <Field label={t('mobile_devices.firmware')} value={reading.value.firmware} />
                </>
              ))}
            {reading?.what === 'battery' &&
              (reading.value === 'missing' ? (
                <Text size="sm">{t('mobile_devices.no_battery_service')}</Text>
              ) : (
                <Stack gap={0}>
                  <Text size="sm" c="dimmed">
                    {t('mobile_devices.battery')}
                  </Text>
                  <Text fz={48} fw={700} lh={1.1} data-testid="battery-level">
                    {reading.value === null ? t('mobile_devices.not_given') : `${reading.value} %`}
                  </Text>
                </Stack>
              ))}
            <Group justify="flex-end">
              <Button variant="light" loading={isBusy} onClick={() => void run(() => read(device))}>
                {t('mobile_devices.read_again')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </DeviceScreenFrame>
  )
}

function Field({ label, value }: { label: string; value: string | null }) {
  const { t } = useTranslation()
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value ?? t('mobile_devices.not_given')}
      </Text>
    </Stack>
  )
}
