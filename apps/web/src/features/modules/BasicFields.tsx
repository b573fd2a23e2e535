import { Fieldset, NativeSelect, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { PickOnMapButton } from '../map/PickOnMapButton'
import { numberOrNull, shownNumber } from './PropertyFields'

// biome-ignore lint/suspicious/noExplicitAny: name, marker and location sit at the top of both module forms
type AnyForm = UseFormReturnType<any>

const markers = [0, 1, 2, 3, 4] as const

/** Name, marker (none or pins 1-4) and an optional location: the same on the wizard and the module page. */
export function BasicFields({ form, autoFocus = false }: { form: AnyForm; autoFocus?: boolean }) {
  const { t } = useTranslation()
  const number = (name: string, label: string) => {
    const { value, onChange: _, ...props } = form.getInputProps(name)
    return (
      <NumberInput
        label={label}
        {...props}
        value={shownNumber(value)}
        clampBehavior="none"
        onChange={(next) => form.setFieldValue(name, numberOrNull(next))}
      />
    )
  }
  const marker = form.getInputProps('marker')
  const location = form.getValues().location as { lat: unknown; lng: unknown } | undefined
  const picked =
    typeof location?.lat === 'number' && typeof location.lng === 'number'
      ? { lat: location.lat, lng: location.lng }
      : null
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label={t('modules.name')}
          required
          data-autofocus={autoFocus || undefined}
          {...form.getInputProps('name')}
        />
        <NativeSelect
          label={t('modules.marker')}
          {...marker}
          value={String(marker.value ?? 0)}
          data={markers.map((n) => ({
            value: String(n),
            label: n === 0 ? t('modules.marker_0') : t('modules.marker_n', { n }),
          }))}
          onChange={(event) => form.setFieldValue('marker', Number(event.currentTarget.value))}
        />
      </SimpleGrid>
      <Fieldset legend={t('modules.location')} variant="unstyled">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {number('location.lat', t('modules.latitude'))}
          {number('location.lng', t('modules.longitude'))}
        </SimpleGrid>
        <PickOnMapButton
          value={picked}
          onPick={(point) => {
            form.setFieldValue('location.lat', point.lat)
            form.setFieldValue('location.lng', point.lng)
          }}
        />
      </Fieldset>
    </Stack>
  )
}
