import {
  areaUnits,
  dateFormats,
  type InputField,
  type MeResponse,
  type Preferences,
  preferencesSchema,
  profileRoutes,
  temperatureUnits,
} from '@kropla/domain'
import {
  Card,
  Group,
  NativeSelect,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatArea } from '../../lib/format-area'
import { formatDateTime } from '../../lib/format-date'
import { formatValue } from '../../lib/format-value'
import { browserTimeZone, groupTimeZones, listTimeZones } from '../../lib/time-zones'
import { withFormInput } from '../../lib/use-schema-form'
import { SaveChangesButton } from '../account-forms/SaveChangesButton'
import { useSettingsForm } from '../account-forms/use-settings-form'
import { meQueryKey } from '../session/me-query'
import { useSession } from '../session/use-session'
import { SettingsPage } from '../settings/SettingsPage'

/** The select's value for "no zone of my own: follow this browser" (stored as null). */
const browserZone = 'browser'

const previewTemperature: InputField = { name: 'TEMP_1', unit: '°C', decimals: 1, kind: 'number' }
const previewSquareMetres = 12_500
const previewCelsius = 21.5

interface FormValues extends Record<string, unknown> {
  time_zone: string
  date_format: string
  temperature_unit: string
  area_unit: string
}

/** The values as the schema and the server take them: "browser" becomes the null it stands for. */
function withStoredZone(values: Record<string, unknown>): Record<string, unknown> {
  return { ...values, time_zone: values.time_zone === browserZone ? null : values.time_zone }
}

function toPreferences(values: FormValues): Preferences {
  return preferencesSchema.parse(withStoredZone(values))
}

/** Settings > preferences: time zone, date format, temperature and area units, applied wherever they are shown. */
export function PreferencesScreen() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const { user } = useSession()
  const [now] = useState(() => new Date().toISOString())
  const { form, submit, isSaving } = useSettingsForm<FormValues, Preferences>({
    // The form keeps "browser" as a value of the select; the schema sees the null it stands for.
    schema: withFormInput(preferencesSchema, withStoredZone),
    initialValues: {
      time_zone: user.time_zone ?? browserZone,
      date_format: user.date_format,
      temperature_unit: user.temperature_unit,
      area_unit: user.area_unit,
    },
    toBody: toPreferences,
    route: profileRoutes.updatePreferences,
    onSaved: (body) => {
      // Every screen formats through the session's user, so this one update shows everywhere at once.
      queryClient.setQueryData<MeResponse | null>(meQueryKey, (me) =>
        me ? { ...me, user: { ...me.user, ...body } } : me,
      )
    },
  })

  const zones = useMemo(() => {
    const known = listTimeZones()
    if (user.time_zone && !known.includes(user.time_zone)) known.unshift(user.time_zone)
    return groupTimeZones(known)
  }, [user.time_zone])
  const zoneOptions = [
    { value: browserZone, label: t('preferences.time_zone_browser', { zone: browserTimeZone() }) },
  ]

  const values = form.getValues()
  const previewZone = values.time_zone === browserZone ? null : values.time_zone
  const temperatureUnit = values.temperature_unit === 'F' ? 'F' : 'C'
  const areaUnit = areaUnits.find((unit) => unit === values.area_unit) ?? 'ha'
  const words = { on: t('outputs.on'), off: t('outputs.off'), unknown: t('outputs.unknown') }
  const dateFormatOptions = [
    ...dateFormats,
    ...(dateFormats.some((f) => f === user.date_format) ? [] : [user.date_format]),
  ]

  return (
    <SettingsPage title={t('preferences.title')} intro={t('preferences.intro')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Card withBorder radius="md" padding="lg">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="lg">
              <Select
                label={t('preferences.time_zone')}
                data={[...zoneOptions, ...zones]}
                searchable
                allowDeselect={false}
                nothingFoundMessage={t('preferences.nothing_found')}
                maxDropdownHeight={320}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('time_zone')}
              />
              <NativeSelect
                label={t('preferences.date_format')}
                data={dateFormatOptions.map((format) => ({
                  value: format,
                  label: `${formatDateTime(now, format, previewZone)}  (${format})`,
                }))}
                {...form.getInputProps('date_format')}
              />
              <Radio.Group
                label={t('preferences.temperature_unit')}
                {...form.getInputProps('temperature_unit')}
              >
                <Group gap="lg" mt={6}>
                  {temperatureUnits.map((unit) => (
                    <Radio key={unit} value={unit} label={t(`preferences.unit_${unit}`)} />
                  ))}
                </Group>
              </Radio.Group>
              <Radio.Group label={t('preferences.area_unit')} {...form.getInputProps('area_unit')}>
                <Group gap="lg" mt={6}>
                  {areaUnits.map((unit) => (
                    <Radio key={unit} value={unit} label={t(`preferences.unit_${unit}`)} />
                  ))}
                </Group>
              </Radio.Group>
            </SimpleGrid>
          </Card>

          <Card withBorder radius="md" padding="lg" data-testid="preferences-preview">
            <Title order={3} size="h4" mb="xs">
              {t('preferences.preview')}
            </Title>
            <Table variant="vertical" withRowBorders={false} layout="fixed">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={{ base: 110, sm: 160 }}>{t('preferences.preview_date')}</Table.Th>
                  <Table.Td data-testid="preview-date">
                    {formatDateTime(now, values.date_format, previewZone)}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('preferences.preview_temperature')}</Table.Th>
                  <Table.Td data-testid="preview-temperature">
                    {formatValue(previewTemperature, previewCelsius, {
                      lang: i18n.language,
                      temperatureUnit,
                      words,
                    })}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('preferences.preview_area')}</Table.Th>
                  <Table.Td data-testid="preview-area">
                    {formatArea(previewSquareMetres, areaUnit, i18n.language)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Text size="xs" c="dimmed" mt="xs">
              {previewZone ?? browserTimeZone()}
            </Text>
          </Card>

          <SaveChangesButton isSaving={isSaving} />
        </Stack>
      </form>
    </SettingsPage>
  )
}
