import {
  isAdmin,
  type WeatherInputChoice,
  type WeatherSettings,
  type WeatherSettingsAnswer,
  weatherSettingsSchema,
} from '@kropla/domain'
import { Alert, Anchor, Button, Card, Group, Select, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Loaded } from '../../app/ui/Loaded'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { isApiError } from '../../lib/api-error'
import { translateKey } from '../../lib/translate-key'
import { offlineBannerReasonId, useNeedsServer } from '../offline/use-online'
import { useSession } from '../session/use-session'
import { SettingsPage } from '../settings/SettingsPage'
import { WeatherPanel } from './WeatherPanel'
import { useSaveWeatherSettings, useWeatherSettings } from './weather-api'

type Field = keyof WeatherSettings
const none = ''
const equipmentPath = '/resources/devices'

const toText = (id: number | null) => (id === null ? none : String(id))

function WeatherSettingsForm({ answer }: { answer: WeatherSettingsAnswer }) {
  const { t, i18n } = useTranslation()
  const needsServer = useNeedsServer(offlineBannerReasonId)
  const { user } = useSession()
  const messageOf = useErrorMessage()
  const canChoose = isAdmin(user.type)
  const save = useSaveWeatherSettings()
  const [values, setValues] = useState<Record<Field, string>>({
    air_object_id: toText(answer.settings.air_object_id),
    rain_output_id: toText(answer.settings.rain_output_id),
    wind_output_id: toText(answer.settings.wind_output_id),
  })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const { choices } = answer

  const inputOptions = (inputs: WeatherInputChoice[]) =>
    inputs.map((input) => ({
      value: String(input.id),
      label: t('weather.input_option', {
        name: input.name,
        module: input.object_name || `#${input.id_object}`,
        field: translateKey(i18n, `fields.${input.field_name}`, input.field_name),
      }),
    }))
  const options: Record<Field, { value: string; label: string }[]> = {
    air_object_id: choices.air_stations.map((module) => ({
      value: String(module.id),
      label: module.name || `#${module.id}`,
    })),
    rain_output_id: inputOptions(choices.rain_gauges),
    wind_output_id: inputOptions(choices.anemometers),
  }
  const labels: Record<Field, string> = {
    air_object_id: t('weather.air_station'),
    rain_output_id: t('weather.rain_gauge'),
    wind_output_id: t('weather.anemometer'),
  }
  const emptyNotes: Record<Field, string> = {
    air_object_id: t('weather.no_air_stations'),
    rain_output_id: t('weather.no_rain_gauges'),
    wind_output_id: t('weather.no_anemometers'),
  }

  function submit(event: React.FormEvent) {
    event.preventDefault()
    const body = Object.fromEntries(
      Object.entries(values).map(([field, value]) => [field, value === none ? null : Number(value)]),
    )
    // The same schema the server checks the body with.
    const checked = weatherSettingsSchema.safeParse(body)
    if (!checked.success) {
      setErrors(
        Object.fromEntries(
          checked.error.issues.map((issue) => [
            String(issue.path[0]),
            translateKey(i18n, issue.message, issue.message),
          ]),
        ),
      )
      return
    }
    setErrors({})
    save.mutate(checked.data, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('settings.saved') }),
      onError: (error) => {
        if (isApiError(error) && error.issues.length) {
          setErrors(Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message])))
          return
        }
        notifications.show({ color: 'red', title: t('errors.changes_not_saved'), message: messageOf(error) })
      },
    })
  }

  const fields: Field[] = ['air_object_id', 'rain_output_id', 'wind_output_id']
  return (
    <form onSubmit={submit} noValidate>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          {!canChoose && (
            <Alert color="gray" data-testid="weather-admin-only">
              {t('weather.admin_only')}
            </Alert>
          )}
          {fields.map((field) => (
            <Stack gap={4} key={field}>
              <Select
                label={labels[field]}
                data={[{ value: none, label: t('weather.none') }, ...options[field]]}
                value={values[field]}
                onChange={(value) => setValues((current) => ({ ...current, [field]: value ?? none }))}
                allowDeselect={false}
                disabled={!canChoose}
                error={errors[field]}
                comboboxProps={{ withinPortal: true }}
                data-testid={`weather-${field}`}
              />
              {options[field].length === 0 && (
                <Text size="xs" c="dimmed">
                  {emptyNotes[field]}{' '}
                  {field !== 'air_object_id' && (
                    <Anchor component={Link} to={equipmentPath} size="xs">
                      {t('weather.equipment_link')}
                    </Anchor>
                  )}
                </Text>
              )}
            </Stack>
          ))}
          {canChoose && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} {...needsServer}>
                {t('settings.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
    </form>
  )
}

/** /settings/weather: the account's air station, rain gauge and anemometer; the weather they give below. */
export function WeatherSettingsScreen() {
  const { t } = useTranslation()
  const query = useWeatherSettings()
  return (
    <SettingsPage title={t('weather.title')} intro={t('weather.intro')}>
      <Stack gap="lg">
        <Loaded query={query}>{(answer) => <WeatherSettingsForm answer={answer} />}</Loaded>
        <Card withBorder radius="md" padding="lg">
          <WeatherPanel />
        </Card>
      </Stack>
    </SettingsPage>
  )
}
