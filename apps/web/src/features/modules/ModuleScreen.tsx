import { type DeviceModel, findModel, type ObjectDetail, updateObjectSchema } from '@kropla/domain'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { Loaded } from '../../app/ui/Loaded'
import { NotFoundScreen } from '../../app/ui/NotFoundScreen'
import { showServerErrorAtFields, useSchemaForm } from '../../lib/use-schema-form'
import { RecentReadings } from '../history/RecentReadings'
import { OfflineReason } from '../offline/OfflineBanner'
import { offlineBannerReasonId, useNeedsServer } from '../offline/use-online'
import { ValueAge } from '../offline/ValueAge'
import { useGroups, useRegions } from '../resources/resources-api'
import { useSession } from '../session/use-session'
import { useUserFormat } from '../session/use-user-format'
import { AssignDialog } from './AssignDialog'
import { BasicFields } from './BasicFields'
import { InputsTable, ThresholdsTable } from './ConfigTables'
import { type ModuleFormValues, moduleFormSchema, moduleFormValues, moduleRequestBody } from './module-form'
import { modelWording, modulesPath, useObject, useUpdateObject } from './objects-api'
import { PropertyFields } from './PropertyFields'

/** While a module has not acknowledged its new settings, the page asks again this often (the socket usually tells first). */
const pendingRefetchMs = 30_000

/** `/{product}_2/modules/{id}`: one module's details and settings (spec 01 section 3, Object). */
export function ModuleScreen() {
  const params = useParams()
  const id = Number(params.id)
  if (!Number.isInteger(id) || id <= 0) return <NotFoundScreen />
  return <ModuleById key={id} id={id} />
}

function ModuleById({ id }: { id: number }) {
  const { t } = useTranslation()
  const object = useObject(id, (data) => (data?.config_pending ? pendingRefetchMs : false))
  return (
    <Stack gap="md" maw={1100}>
      <Anchor component={Link} to={modulesPath} size="sm" w="fit-content">
        ← {t('modules.back_to_list')}
      </Anchor>
      <Loaded query={object}>{(data) => <ModulePage object={data} />}</Loaded>
    </Stack>
  )
}

type Dialog = 'groups' | 'regions' | null

/**
 * Spec 01 section 4: the reconfiguration warning lasts up to several minutes. A module that has not
 * confirmed by then (offline, or relayed by a base station) gets a quieter note instead: it takes
 * the retained settings when it next connects.
 */
const reconfigurationWarningMs = 10 * 60_000

function ReconfigurationNotice({ pending }: { pending: { id: string; sent_at: string } }) {
  const { t } = useTranslation()
  const format = useUserFormat()
  if (Date.now() - Date.parse(pending.sent_at) < reconfigurationWarningMs)
    return (
      <Alert color="orange" role="status" data-testid="reconfiguring">
        {t('modules.reconfiguring')}
      </Alert>
    )
  return (
    <Alert color="gray" role="status" data-testid="config-unconfirmed">
      {t('modules.config_unconfirmed', { time: format.dateTime(pending.sent_at) })}
    </Alert>
  )
}

function ModulePage({ object }: { object: ObjectDetail }) {
  const { i18n } = useTranslation()
  const model = findModel(object.last_device_model)
  const [dialog, setDialog] = useState<Dialog>(null)
  const modelName = modelWording(i18n, object.last_device_model, 'short')
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap" align="center">
        {model && <Image src={model.image} alt={modelName} w={72} h={72} fit="contain" />}
        <Stack gap={2} miw={0}>
          <Title order={2}>{object.name}</Title>
          <Text size="sm" c="dimmed">
            {modelName} · {object.last_device_model} · {object.serial}
          </Text>
        </Stack>
      </Group>
      {object.config_pending && <ReconfigurationNotice pending={object.config_pending} />}
      <Details object={object} model={model} onAssign={setDialog} />
      <RecentReadings object={object} />
      {model && <SettingsForm object={object} model={model} />}
      {dialog && <AssignDialog object={object} kind={dialog} onClose={() => setDialog(null)} />}
    </Stack>
  )
}

function Details({
  object,
  model,
  onAssign,
}: {
  object: ObjectDetail
  model: DeviceModel | undefined
  onAssign: (dialog: Dialog) => void
}) {
  const { t } = useTranslation()
  const format = useUserFormat()
  const groups = useGroups()
  const regions = useRegions()
  // Assigning saves at once: offline the banner says why these wait.
  const needsServer = useNeedsServer(offlineBannerReasonId)
  const namesOf = (ids: number[], list: { id: number; name: string }[] | undefined) =>
    ids.length === 0
      ? t('modules.none')
      : ids.map((id) => list?.find((item) => item.id === id)?.name ?? `#${id}`).join(', ')
  const none = t('modules.none')
  const item = (label: string, value: ReactNode, testId: string, action?: ReactNode) => (
    <Stack gap={2} key={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" data-testid={testId}>
          {value}
        </Text>
        {action}
      </Group>
    </Stack>
  )
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h4" mb="sm">
        {t('modules.details')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {item(t('modules.serial'), object.serial, 'detail-serial')}
        {item(
          t('modules.model'),
          `${object.last_device_model}${model ? ` (${model.name})` : ''}`,
          'detail-model',
        )}
        {item(
          t('modules.status'),
          <Group gap={4} component="span">
            <Badge variant="light" color={object.status === 1 ? 'teal' : 'gray'}>
              {t(`modules.status_${object.status}`)}
            </Badge>
            <Badge variant="outline" color={object.connection === 1 ? 'teal' : 'gray'}>
              {t(`modules.connection_${object.connection}`)}
            </Badge>
          </Group>,
          'detail-status',
        )}
        {item(
          t('modules.marker'),
          object.marker === 0 ? t('modules.marker_0') : t('modules.marker_n', { n: object.marker }),
          'detail-marker',
        )}
        {item(
          t('modules.location'),
          object.location ? `${object.location.lat}, ${object.location.lng}` : none,
          'detail-location',
        )}
        {item(
          t('modules.groups'),
          namesOf(object.groups, groups.data),
          'detail-groups',
          model?.groupable && (
            <Button size="xs" variant="light" onClick={() => onAssign('groups')} {...needsServer}>
              {t('modules.assign_groups')}
            </Button>
          ),
        )}
        {item(
          t('modules.regions'),
          namesOf(object.regions, regions.data),
          'detail-regions',
          <Button size="xs" variant="light" onClick={() => onAssign('regions')} {...needsServer}>
            {t('modules.assign_regions')}
          </Button>,
        )}
        {item(t('modules.firmware'), object.firmware ?? none, 'detail-firmware')}
        {item(t('modules.created'), format.dateTime(object.created_at), 'detail-created')}
        {item(
          t('modules.last_data'),
          object.last_data_at ? (
            <>
              {format.dateTime(object.last_data_at)} (<ValueAge at={object.last_data_at} />)
            </>
          ) : (
            t('modules.no_data')
          ),
          'detail-last-data',
        )}
        {item(
          t('modules.base_station'),
          object.base_station ? `${object.base_station.name} (${object.base_station.serial})` : none,
          'detail-base-station',
        )}
      </SimpleGrid>
    </Card>
  )
}

function SettingsForm({ object, model }: { object: ObjectDetail; model: DeviceModel }) {
  const { t, i18n } = useTranslation()
  // Temperatures are typed in the user's unit and saved in °C.
  const temperatureUnit = useSession().user.temperature_unit
  // A threshold beyond its reading's range is refused before sending, said in the user's unit.
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 })
  const form = useSchemaForm<ModuleFormValues>(
    moduleFormSchema(model, temperatureUnit, ({ min, max, unit }) =>
      t('modules.threshold_range', {
        min: number.format(min),
        max: number.format(max),
        unit: unit ? ` ${unit}` : '',
      }),
    ),
    moduleFormValues(object, model, temperatureUnit),
  )
  const save = useUpdateObject(object.id, {
    onSuccess: (saved) => {
      form.setValues(moduleFormValues(saved, model, temperatureUnit))
      form.resetDirty()
      notifications.show({ color: 'teal', message: t('modules.saved') })
    },
    onError: (error) => showServerErrorAtFields(form, error),
  })
  const fieldCaughtIt = save.isError && Object.keys(form.errors).length > 0
  // Offline the settings cannot reach the module: the button is disabled and Enter in a field sends
  // nothing either (nothing is kept to send later).
  const needsServer = useNeedsServer()
  const submit = form.onSubmit((values) => {
    if (needsServer.disabled) return
    save.mutate(updateObjectSchema.parse(moduleRequestBody(values, model, temperatureUnit)))
  })

  return (
    <form onSubmit={submit} noValidate data-testid="module-settings">
      <Stack gap="md">
        <Card withBorder radius="md" padding="md">
          <Stack gap="md">
            <Title order={3} size="h4">
              {t('modules.settings')}
            </Title>
            <BasicFields form={form} />
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
          </Stack>
        </Card>
        <InputsTable model={model} form={form} temperatureUnit={temperatureUnit} />
        {model.alarmFields.length > 0 && (
          <ThresholdsTable model={model} form={form} temperatureUnit={temperatureUnit} />
        )}
        {save.isError && !fieldCaughtIt && <FailureAlert error={save.error} testId="module-save-error" />}
        <OfflineReason />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} {...needsServer}>
            {t('modules.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
