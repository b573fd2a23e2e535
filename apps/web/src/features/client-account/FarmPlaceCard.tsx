import type { GeocodedPlace, GeoPoint } from '@kropla/domain'
import {
  Alert,
  Button,
  Group,
  NumberInput,
  type NumberInputProps,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { startGpsCapture } from '../map/gps'
import { useMapSettings } from '../map/map-api'
import { PickOnMapButton } from '../map/PickOnMapButton'
import { SettingsCard } from '../settings/SettingsCard'
import { useGeocodeSearch } from './client-account-api'

/** The farm place as the form keeps it: each coordinate empty (null) until typed or picked. */
export interface FarmPlaceValues {
  address: string
  location: { lat: number | null; lng: number | null }
}

/** The form's farm place as the shared schema takes it: no point when both coordinates are empty. */
export function farmPlaceInput(place: FarmPlaceValues) {
  const { lat, lng } = place.location
  return { address: place.address, location: lat === null && lng === null ? null : place.location }
}

// biome-ignore lint/suspicious/noExplicitAny: the card reads and writes only farm_place.* of the client account form
type FarmPlaceForm = UseFormReturnType<any>

const rounded = (value: number) => Math.round(value * 1e7) / 1e7

/** The decimal separator of the language (`,` in Polish). */
function decimalSeparatorOf(lang: string) {
  return new Intl.NumberFormat(lang).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
}

type Locating = 'off' | 'waiting' | 'denied' | 'unavailable'

/**
 * The farm's place on the client account (spec 01 section 2, first-run account configuration):
 * by address (found by the server's geocoder when it has one; else kept as typed), by coordinates
 * typed in degrees, from the phone's position, or picked on the localizer map.
 */
export function FarmPlaceCard({ form }: { form: FarmPlaceForm }) {
  const { t, i18n } = useTranslation()
  const messageOf = useErrorMessage()
  const settings = useMapSettings()
  const hasGeocoder = settings.data?.geocoder === true
  const [locating, setLocating] = useState<Locating>('off')
  const [source, setSource] = useState<string | null>(null)
  const [picked, setPicked] = useState<string | null>(null)
  const separator = useMemo(() => decimalSeparatorOf(i18n.language), [i18n.language])
  const place = form.getValues().farm_place as FarmPlaceValues
  const point: GeoPoint | null =
    place.location.lat !== null && place.location.lng !== null
      ? { lat: place.location.lat, lng: place.location.lng }
      : null
  const hasGeolocation = typeof navigator !== 'undefined' && 'geolocation' in navigator
  // Browsers give the position only to pages served over https (or from this computer itself).
  const isInsecure = typeof window !== 'undefined' && window.isSecureContext === false
  const canLocate = hasGeolocation && !isInsecure

  const setPoint = (next: GeoPoint | null, from: string | null) => {
    form.setFieldValue('farm_place.location', next ?? { lat: null, lng: null })
    form.clearFieldError('farm_place.location.lat')
    form.clearFieldError('farm_place.location.lng')
    setSource(from)
  }

  const search = useGeocodeSearch({ onMutate: () => setPicked(null) })
  const choose = (found: GeocodedPlace, index: number) => {
    setPicked(String(index))
    setPoint({ lat: found.lat, lng: found.lng }, t('client.place_chosen', { name: found.name }))
  }

  const locate = () => {
    setLocating('waiting')
    const stop = startGpsCapture(
      (fix) => {
        stop()
        setLocating('off')
        setPoint(
          { lat: rounded(fix.lat), lng: rounded(fix.lng) },
          t('client.position_taken', { metres: Math.round(fix.accuracyM) }),
        )
      },
      (reason) => {
        stop()
        setLocating(reason)
      },
    )
  }

  const coordinate = (axis: 'lat' | 'lng') => {
    const path = `farm_place.location.${axis}`
    const { value, onChange: _, ...props } = form.getInputProps(path)
    const bound = axis === 'lat' ? 90 : 180
    const inputProps: NumberInputProps = {
      ...props,
      label: axis === 'lat' ? t('client.latitude') : t('client.longitude'),
      description: axis === 'lat' ? t('client.latitude_hint') : t('client.longitude_hint'),
      value: typeof value === 'number' ? value : '',
      min: -bound,
      max: bound,
      clampBehavior: 'none',
      decimalScale: 7,
      decimalSeparator: separator,
      allowedDecimalSeparators: ['.', ','],
      inputMode: 'decimal',
      rightSection: (
        <Text size="sm" c="dimmed" aria-hidden>
          °
        </Text>
      ),
      onChange: (next) => {
        form.setFieldValue(path, typeof next === 'number' && Number.isFinite(next) ? next : null)
        setSource(null)
      },
    }
    return <NumberInput {...inputProps} data-testid={`farm-${axis}`} />
  }

  const format = (n: number) =>
    new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 5, maximumFractionDigits: 7 }).format(n)

  return (
    <SettingsCard title={t('client.farm_place')} description={t('client.farm_place_hint')}>
      <Stack gap="md" data-testid="farm-place">
        <Stack gap="xs">
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label={t('client.farm_address')}
              autoComplete="street-address"
              style={{ flex: '1 1 16rem', minWidth: 0 }}
              {...form.getInputProps('farm_place.address')}
            />
            {hasGeocoder && (
              <Button
                variant="light"
                loading={search.isPending}
                onClick={() => search.mutate(place.address.trim())}
                data-testid="farm-find-address"
              >
                {t('client.find_address')}
              </Button>
            )}
          </Group>
          {settings.data && !hasGeocoder && (
            <Text size="sm" c="dimmed" data-testid="geocoder-off">
              {t('client.geocoder_off')}
            </Text>
          )}
          {search.isError && (
            <Text size="sm" c="red" role="alert">
              {messageOf(search.error)}
            </Text>
          )}
          {search.data && search.data.places.length === 0 && (
            <Text size="sm" c="red" role="status">
              {t('client.no_places')}
            </Text>
          )}
          {search.data && search.data.places.length > 0 && (
            <Radio.Group
              label={t('client.found_places')}
              value={picked}
              onChange={(index) => {
                const found = search.data.places[Number(index)]
                if (found) choose(found, Number(index))
              }}
              data-testid="farm-found-places"
            >
              <Stack gap={6} mt={6}>
                {search.data.places.map((found, index) => (
                  <Radio
                    key={`${found.lat},${found.lng},${found.name}`}
                    value={String(index)}
                    label={found.name}
                    styles={{ label: { overflowWrap: 'anywhere' } }}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
        </Stack>

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {coordinate('lat')}
          {coordinate('lng')}
        </SimpleGrid>

        <Text size="sm" data-testid="farm-point" style={{ overflowWrap: 'anywhere' }}>
          {point
            ? t('client.point', { latitude: format(point.lat), longitude: format(point.lng) })
            : t('client.no_point')}
          {point && source ? ` · ${source}` : ''}
        </Text>

        <Group gap="xs" wrap="wrap">
          {canLocate && (
            <Button
              variant="light"
              size="xs"
              loading={locating === 'waiting'}
              onClick={locate}
              data-testid="farm-use-position"
            >
              {t('map.use_my_position')}
            </Button>
          )}
          <PickOnMapButton value={point} onPick={(next) => setPoint(next, null)} mt={0} />
          {point && (
            <Button variant="subtle" color="gray" size="xs" onClick={() => setPoint(null, null)}>
              {t('client.clear_point')}
            </Button>
          )}
        </Group>
        {hasGeolocation && isInsecure && (
          <Alert color="orange" variant="light" p="xs" data-testid="farm-position-insecure">
            <Text size="sm">{t('client.position_needs_https')}</Text>
          </Alert>
        )}
        {((!hasGeolocation && !isInsecure) || locating === 'unavailable') && (
          <Alert color="orange" variant="light" p="xs" data-testid="farm-position-off">
            <Text size="sm">{t('map.gps_unavailable')}</Text>
          </Alert>
        )}
        {locating === 'denied' && (
          <Alert color="orange" variant="light" p="xs" data-testid="farm-position-denied">
            <Text size="sm">{t('map.gps_denied')}</Text>
          </Alert>
        )}
      </Stack>
    </SettingsCard>
  )
}
