import { type GeoObject, geoObjectSchema, saveGeoObjectSchema } from '@kropla/domain'
import { Button, Modal, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogActions } from '../../app/ui/DialogActions'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { translateKey } from '../../lib/translate-key'
import { useSchemaForm } from '../../lib/use-schema-form'
import { DeleteResourceModal } from '../resources/DeleteResourceModal'
import { ChoiceSelect } from '../resources/form-inputs'
import { ResourcePage } from '../resources/ResourcePage'
import { ResourceTable } from '../resources/ResourceTable'
import { useGeoObjects } from '../resources/resource-queries'
import { useSaveResource } from '../resources/use-save-resource'

type Dialog = { kind: 'edit'; geoObject: GeoObject | null } | { kind: 'delete'; geoObject: GeoObject } | null

const markers = [1, 2, 3, 4] as const

/** /{product}_2/settings/geo_objects: points of interest on the map (a well, a shed), with a marker. */
export function GeoObjectsScreen() {
  const { t, i18n } = useTranslation()
  const geoObjects = useGeoObjects()
  const [dialog, setDialog] = useState<Dialog>(null)
  const close = () => setDialog(null)
  return (
    <ResourcePage
      title={t('resources.geo_objects.title')}
      actions={
        <Button onClick={() => setDialog({ kind: 'edit', geoObject: null })}>
          {t('resources.geo_objects.add')}
        </Button>
      }
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
        onEdit={(geoObject) => setDialog({ kind: 'edit', geoObject })}
        onDelete={(geoObject) => setDialog({ kind: 'delete', geoObject })}
      />
      {dialog?.kind === 'edit' && <GeoObjectModal geoObject={dialog.geoObject} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <DeleteResourceModal
          name={dialog.geoObject.name}
          path={`/api/geo_objects/${dialog.geoObject.id}`}
          checksUsage={false}
          onClose={close}
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

function GeoObjectModal({ geoObject, onClose }: { geoObject: GeoObject | null; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const form = useSchemaForm<GeoObjectValues>(saveGeoObjectSchema, {
    name: geoObject?.name ?? '',
    description: geoObject?.description ?? '',
    marker: geoObject?.marker ?? 1,
    location: geoObject ? { ...geoObject.location } : { lat: '', lng: '' },
  })
  const { save, failure, submit } = useSaveResource({
    form,
    collection: '/api/geo_objects',
    id: geoObject?.id ?? null,
    parser: geoObjectSchema,
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
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && <FailureAlert error={failure} testId="save-error" />}
          <TextInput label={t('resources.name')} data-autofocus {...form.getInputProps('name')} />
          <Textarea
            label={t('resources.description')}
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <ChoiceSelect
            label={t('resources.geo_objects.marker')}
            name="marker"
            value={form.getValues().marker}
            options={markers.map((marker) => ({ value: marker, label: markerLabel(i18n, marker) }))}
            onChange={(marker) => form.setFieldValue('marker', marker ?? 1)}
            error={form.getInputProps('marker').error as string | undefined}
          />
          <SimpleGrid cols={2} spacing="md">
            <NumberInput
              label={t('resources.geo_objects.lat')}
              min={-90}
              max={90}
              clampBehavior="none"
              decimalScale={7}
              decimalSeparator="."
              {...form.getInputProps('location.lat')}
            />
            <NumberInput
              label={t('resources.geo_objects.lng')}
              min={-180}
              max={180}
              clampBehavior="none"
              decimalScale={7}
              decimalSeparator="."
              {...form.getInputProps('location.lng')}
            />
          </SimpleGrid>
          <DialogActions onCancel={onClose} submitLabel={t('resources.save')} isPending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  )
}
