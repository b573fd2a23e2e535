import { parseNfcCode, type WidgetOf } from '@kropla/domain'
import { Alert, Button, EmptyState, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { hasWebNfc, NfcReadError, readNfcText } from '../../../lib/web-nfc'
import { modulePath, useObjects } from '../../modules/objects-api'
import { useOutputs } from '../../resources/resources-api'
import { useSession } from '../../session/use-session'
import { ModuleTile } from '../ModuleTile'
import { communicationCheckMs, useNow } from '../use-now'

/** Resources: the module tiles of the start screen, for every module or the chosen ones. */
export function ResourcesWidget({ widget }: { widget: WidgetOf<'resources'> }) {
  const { t } = useTranslation()
  const { objects } = useSession()
  const details = useObjects()
  const now = useNow(communicationCheckMs)
  const configs = useMemo(
    () => new Map(details.data?.map((object) => [object.id, object.config])),
    [details.data],
  )
  const equipment = useOutputs()
  // The names the user gave what each module drives or reads, by module and field; until they load
  // (or when they cannot), the cards use the catalogue's names (Output 1).
  const equipmentNames = useMemo(() => {
    const byObject = new Map<number, Map<string, string>>()
    for (const { id_object, field_name, name } of equipment.data ?? []) {
      if (!name.trim()) continue
      const names = byObject.get(id_object) ?? new Map<string, string>()
      names.set(field_name, name)
      byObject.set(id_object, names)
    }
    return byObject
  }, [equipment.data])
  const shown = widget.objects.length
    ? objects.filter((object) => widget.objects.includes(object.id))
    : objects
  if (!shown.length) return <EmptyState title={t('dashboard.no_modules')} data-testid="no-modules" />
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
      {shown.map((object) => (
        <ModuleTile
          key={object.id}
          object={object}
          config={configs.get(object.id)}
          equipmentNames={equipmentNames.get(object.id)}
          now={now}
        />
      ))}
    </SimpleGrid>
  )
}

/** NFC scan: read a module's tag (Web NFC) and open its page; elsewhere, type its serial number. */
export function NfcScanWidget({ widget }: { widget: WidgetOf<'nfc_scan'> }) {
  const { t } = useTranslation()
  const { objects } = useSession()
  const navigate = useNavigate()
  const [serial, setSerial] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [scanning, setScanning] = useState(false)
  const controller = useRef<AbortController | null>(null)
  const open = (wanted: string) => {
    const found = objects.find((object) => object.serial.toLowerCase() === wanted.trim().toLowerCase())
    if (!found) return setProblem(t('errors.nfc_unrecognized'))
    setProblem(null)
    void navigate(modulePath(found.id))
  }
  const scan = async () => {
    controller.current?.abort()
    controller.current = new AbortController()
    setScanning(true)
    try {
      const code = parseNfcCode(await readNfcText(controller.current.signal))
      if (!code) setProblem(t('errors.nfc_unrecognized'))
      else open(code.serial)
    } catch (cause) {
      setProblem(t(cause instanceof NfcReadError ? `errors.${cause.code}` : 'errors.nfc_unrecognized'))
    } finally {
      setScanning(false)
    }
  }
  return (
    <Stack gap="xs">
      {hasWebNfc() ? (
        <Button onClick={() => void scan()} loading={scanning} data-testid={`nfc-scan-${widget.id}`}>
          {t('dashboards.scan_nfc')}
        </Button>
      ) : (
        <Text size="xs" c="dimmed">
          {t('dashboards.nfc_unavailable')}
        </Text>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault()
          open(serial)
        }}
      >
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            size="xs"
            style={{ flex: 1, minWidth: 120 }}
            label={t('dashboards.serial')}
            value={serial}
            onChange={(event) => setSerial(event.currentTarget.value)}
          />
          <Button size="xs" type="submit" variant="light">
            {t('dashboards.open_module')}
          </Button>
        </Group>
      </form>
      {problem && (
        <Alert color="red" variant="light" p="xs">
          {problem}
        </Alert>
      )}
    </Stack>
  )
}
