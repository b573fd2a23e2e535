import { type GeoObject, type GeoPoint, saveGeoObjectSchema } from '@kropla/domain'
import { Button, Modal, SimpleGrid } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { DialogActions } from '../../app/ui/DialogActions'
import { translateKey } from '../../lib/translate-key'
import { useSchemaForm } from '../../lib/use-schema-form'
import { PickOnMapButton } from '../map/PickOnMapButton'
import { DeleteResourceModal } from '../resources/DeleteResourceModal'
import { fieldError } from '../resources/field-error'
import { ChoiceSelect } from '../resources/form-inputs'
import { CoordinateInput } from '../resources/number-inputs'
import { ResourceForm } from '../resources/ResourceForm'
import { ResourcePage } from '../resources/ResourcePage'
import { ResourceTable } from '../resources/ResourceTable'
import { useGeoObjects } from '../resources/resources-api'
import { DescriptionInput, NameInput } from '../resources/text-inputs'
import { useRowDialogs } from '../resources/use-row-dialogs'
import { useSaveResource } from '../resources/use-save-resource'

const markers = [1, 2, 3, 4] as const

/** /{product}_2/settings/geo_objects: points of interest on the map (a well, a shed), with a marker. */
export function GeoObjectsScreen() {
  const { t, i18n } = useTranslation()
  const geoObjects = useGeoObjects()
  const dialogs = useRowDialogs<GeoObject>()
  return (
    <ResourcePage
      title={t('resources.geo_objects.title')}
      actions={<Button onClick={dialogs.add}>{t('resources.geo_objects.add')}</Button>}
    >
      <ResourceTable
        query={geoObjects}
        columns={[
          { header: t('resources.geo_objects.marker'), cell: (row) => markerLabel(i18n, row.marker) },
          {
            header: t('resources.geo_objects.location'),
            cell: (row) => `${row.location.lat}, ${row.location.lng}`,
            visibleFrom: 'sm',
          },
          { header: t('resources.description'), cell: (row) => row.description, visibleFrom: 'md' },
        ]}
        empty={t('resources.geo_objects.empty')}
        testId="geo-objects-table"
        onEdit={dialogs.edit}
        onDelete={dialogs.remove}
      />
      {dialogs.editing !== undefined && (
        <GeoObjectModal geoObject={dialogs.editing} onClose={dialogs.close} />
      )}
      {dialogs.deleting && (
        <DeleteResourceModal
          name={dialogs.deleting.name}
          kind="geo_objects"
          id={dialogs.deleting.id}
          checksUsage={false}
          onClose={dialogs.close}
        />
      )}
    </ResourcePage>
  )
}

function markerLabel(i18n: ReturnType<typeof useTranslation>['i18n'], marker: number): string {
  return translateKey(i18n, `resources.geo_objects.markers.${marker}`, String(marker))
}

interface GeoObjectValues extends Record<string, unknown> {
  name: string
  description: string
  marker: number
  location: { lat: number | string; lng: number | string }
}

/** A geo object's form; `location` starts a new one where the map was clicked. */
export function GeoObjectModal({
  geoObject,
  location,
  onClose,
}: {
  geoObject: GeoObject | null
  location?: GeoPoint
  onClose: () => void
}) {
  const { t, i18n } = useTranslation()
  const form = useSchemaForm<GeoObjectValues>(saveGeoObjectSchema, {
    name: geoObject?.name ?? '',
    description: geoObject?.description ?? '',
    marker: geoObject?.marker ?? 1,
    location: geoObject
      ? { ...geoObject.location }
      : location
        ? { lat: location.lat, lng: location.lng }
        : { lat: '', lng: '' },
  })
  const { save, failure, submit } = useSaveResource({
    form,
    kind: 'geo_objects',
    id: geoObject?.id ?? null,
    toBody: (values) => saveGeoObjectSchema.parse(values),
    onSaved: onClose,
  })
  return (
    <Modal
      opened
      onClose={onClose}
      title={
        geoObject
          ? t('resources.geo_objects.edit_title', { name: geoObject.name })
          : t('resources.geo_objects.new_title')
      }
      centered
    >
      <ResourceForm onSubmit={submit} failure={failure}>
        <NameInput {...form.getInputProps('name')} />
        <DescriptionInput {...form.getInputProps('description')} />
        <ChoiceSelect
          label={t('resources.geo_objects.marker')}
          name="marker"
          value={form.getValues().marker}
          options={markers.map((marker) => ({ value: marker, label: markerLabel(i18n, marker) }))}
          onChange={(marker) => form.setFieldValue('marker', marker ?? 1)}
          error={fieldError(form, 'marker')}
        />
        <SimpleGrid cols={2} spacing="md">
          <CoordinateInput
            axis="lat"
            label={t('resources.geo_objects.lat')}
            {...form.getInputProps('location.lat')}
          />
          <CoordinateInput
            axis="lng"
            label={t('resources.geo_objects.lng')}
            {...form.getInputProps('location.lng')}
          />
        </SimpleGrid>
        <PickOnMapButton
          value={pointOf(form.getValues().location)}
          onPick={(point) => form.setFieldValue('location', { lat: point.lat, lng: point.lng })}
        />
        <DialogActions onCancel={onClose} submitLabel={t('resources.save')} isPending={save.isPending} />
      </ResourceForm>
    </Modal>
  )
}

function pointOf(location: { lat: number | string; lng: number | string }): GeoPoint | null {
  return typeof location.lat === 'number' && typeof location.lng === 'number'
    ? { lat: location.lat, lng: location.lng }
    : null
}
