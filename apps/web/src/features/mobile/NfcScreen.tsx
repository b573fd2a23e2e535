import { type ModuleLabelTarget, parseTagRecords, tagText } from '@kropla/domain'
import { Alert, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { scanTag, TagError, writeTag } from '../../lib/web-nfc'
import { useSession } from '../session/use-session'
import { DeviceScreenFrame } from './DeviceScreenFrame'
import { nfcSupport } from './device-support'
import { moduleUrl, useOpenLabel } from './open-label'
import { TypedLabelForm } from './TypedLabelForm'

type Busy = 'idle' | 'scanning' | 'writing'

/**
 * `/mobile/nfc`: a module's tag opens its page (or the add-module wizard when the module is not on
 * the account); a tag can be written for a module. Without Web NFC it says so and takes a typed
 * serial number instead.
 */
export function NfcScreen() {
  const { t } = useTranslation()
  const { objects } = useSession()
  const support = nfcSupport()
  const openLabel = useOpenLabel()
  const [busy, setBusy] = useState<Busy>('idle')
  const [problem, setProblem] = useState<string | null>(null)
  const [written, setWritten] = useState<string | null>(null)
  const [chosen, setChosen] = useState<string | null>(null)
  const controller = useRef<AbortController | null>(null)
  useEffect(() => () => controller.current?.abort(), [])

  function start(): AbortSignal {
    controller.current?.abort()
    controller.current = new AbortController()
    setProblem(null)
    setWritten(null)
    return controller.current.signal
  }
  function stop() {
    controller.current?.abort()
    setBusy('idle')
  }
  function open(target: ModuleLabelTarget) {
    setProblem(openLabel(target) ? null : t('mobile_devices.not_on_account'))
  }

  async function scan() {
    const signal = start()
    setBusy('scanning')
    try {
      const target = parseTagRecords(await scanTag(signal), window.location.origin)
      if (target) open(target)
      else setProblem(t('mobile_devices.nfc_not_ours'))
    } catch (cause) {
      if (!signal.aborted || !(cause instanceof TagError))
        setProblem(t(`mobile_devices.${cause instanceof TagError ? cause.code : 'nfc_read_failed'}`))
    } finally {
      if (controller.current?.signal === signal) {
        controller.current.abort()
        setBusy('idle')
      }
    }
  }

  async function write() {
    const module = objects.find((object) => String(object.id) === chosen)
    if (!module) return
    const signal = start()
    setBusy('writing')
    try {
      await writeTag(moduleUrl(module.id), tagText(module.serial), signal)
      setWritten(t('mobile_devices.write_done', { name: module.name }))
    } catch (cause) {
      if (!signal.aborted)
        setProblem(t(`mobile_devices.${cause instanceof TagError ? cause.code : 'nfc_write_failed'}`))
    } finally {
      if (controller.current?.signal === signal) setBusy('idle')
    }
  }

  return (
    <DeviceScreenFrame
      title={t('nav.nfc')}
      intro={t('mobile_devices.nfc_intro')}
      support={support}
      unsupportedKey="nfc_unsupported"
      unsupportedTestId="nfc-unsupported"
      problem={problem}
      problemTestId="nfc-problem"
    >
      {written && (
        <Alert color="teal" variant="light" data-testid="nfc-written">
          {written}
        </Alert>
      )}
      {support === 'supported' && (
        <Stack gap="xs">
          {busy === 'scanning' ? (
            <Button size="lg" variant="default" onClick={stop} data-testid="nfc-stop">
              {t('mobile_devices.nfc_stop')}
            </Button>
          ) : (
            <Button size="lg" onClick={() => void scan()} disabled={busy !== 'idle'} data-testid="nfc-scan">
              {t('mobile_devices.nfc_scan')}
            </Button>
          )}
          {busy === 'scanning' && (
            <Text size="sm" role="status">
              {t('mobile_devices.nfc_scanning')}
            </Text>
          )}
        </Stack>
      )}
      <Card withBorder>
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('mobile_devices.typed_title')}
          </Title>
          <TypedLabelForm onTarget={open} />
        </Stack>
      </Card>
      {support === 'supported' && objects.length > 0 && (
        <Card withBorder>
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t('mobile_devices.write_title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('mobile_devices.write_intro')}
            </Text>
            <Select
              label={t('mobile_devices.write_module')}
              data={objects.map((object) => ({
                value: String(object.id),
                label: `${object.name} · ${object.serial}`,
              }))}
              value={chosen}
              onChange={setChosen}
              searchable
              data-testid="nfc-write-module"
            />
            <Button
              onClick={() => void write()}
              disabled={!chosen || busy === 'scanning'}
              loading={busy === 'writing'}
              data-testid="nfc-write"
            >
              {t('mobile_devices.write_start')}
            </Button>
            {busy === 'writing' && (
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" role="status">
                  {t('mobile_devices.write_waiting')}
                </Text>
                <Button variant="default" size="xs" onClick={stop} data-testid="nfc-write-stop">
                  {t('mobile_devices.nfc_stop')}
                </Button>
              </Group>
            )}
          </Stack>
        </Card>
      )}
    </DeviceScreenFrame>
  )
}
