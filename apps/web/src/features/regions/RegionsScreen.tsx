import { type GeoPoint, perimeterM, polygonAreaM2, type Region, saveRegionSchema } from '@kropla/domain'
import { ActionIcon, Button, Group, Input, Modal, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { DialogActions } from '../../app/ui/DialogActions'
import { formatArea } from '../../lib/format-area'
import { useSchemaForm } from '../../lib/use-schema-form'
import { DeleteResourceModal } from '../resources/DeleteResourceModal'
import { fieldError } from '../resources/field-error'
import { IdChecklist } from '../resources/form-inputs'
import { CoordinateInput } from '../resources/number-inputs'
import { ResourceForm } from '../resources/ResourceForm'
import { ResourcePage } from '../resources/ResourcePage'
import { ResourceTable } from '../resources/ResourceTable'
import { useObjects, useRegions } from '../resources/resources-api'
import { DescriptionInput, NameInput } from '../resources/text-inputs'
import { useRowDialogs } from '../resources/use-row-dialogs'
import { useSaveResource } from '../resources/use-save-resource'

/** /{product}_2/settings/regions: map regions (polygons of at least three points) and their modules. */
export function RegionsScreen() {
  const { t } = useTranslation()
  const regions = useRegions()
  const dialogs = useRowDialogs<Region>()
  return (
    <ResourcePage
      title={t('resources.regions.title')}
      actions={<Button onClick={dialogs.add}>{t('resources.regions.add')}</Button>}
    >
      <ResourceTable
        query={regions}
        columns={[
          { header: t('resources.regions.point_count'), cell: (row) => row.points.length },
          { header: t('resources.regions.objects'), cell: (row) => row.objects.length, visibleFrom: 'sm' },
          { header: t('resources.description'), cell: (row) => row.description, visibleFrom: 'md' },
        ]}
        empty={t('resources.regions.empty')}
        testId="regions-table"
        onEdit={dialogs.edit}
        onDelete={dialogs.remove}
      />
      {dialogs.editing !== undefined && <RegionModal region={dialogs.editing} onClose={dialogs.close} />}
      {dialogs.deleting && (
        <DeleteResourceModal
          name={dialogs.deleting.name}
          kind="regions"
          id={dialogs.deleting.id}
          checksUsage={false}
          onClose={dialogs.close}
        />
      )}
    </ResourcePage>
  )
}

interface PointValues {
  lat: number | string
  lng: number | string
}

interface RegionValues extends Record<string, unknown> {
  name: string
  description: string
  points: PointValues[]
  objects: number[]
}

const emptyPoint: PointValues = { lat: '', lng: '' }

/** A region's form; `points` starts a new one from a shape drawn or walked on the map. */
export function RegionModal({
  region,
  points,
  onClose,
}: {
  region: Region | null
  points?: readonly GeoPoint[]
  onClose: () => void
}) {
  const { t, i18n } = useTranslation()
  const objects = useObjects()
  const form = useSchemaForm<RegionValues>(saveRegionSchema, {
    name: region?.name ?? '',
    description: region?.description ?? '',
    points: (points ?? region?.points)?.map(({ lat, lng }) => ({ lat, lng })) ?? [
      emptyPoint,
      emptyPoint,
      emptyPoint,
    ],
    objects: region?.objects ?? [],
  })
  const { save, failure, submit } = useSaveResource({
    form,
    kind: 'regions',
    id: region?.id ?? null,
    toBody: (values) => saveRegionSchema.parse(values),
    onSaved: onClose,
  })
  const values = form.getValues()
  const complete = values.points.filter(
    (point): point is GeoPoint => typeof point.lat === 'number' && typeof point.lng === 'number',
  )
  return (
    <Modal
      opened
      onClose={onClose}
      title={
        region ? t('resources.regions.edit_title', { name: region.name }) : t('resources.regions.new_title')
      }
      centered
      size="lg"
    >
      <ResourceForm onSubmit={submit} failure={failure}>
        <NameInput {...form.getInputProps('name')} />
        <DescriptionInput {...form.getInputProps('description')} />
        <Input.Wrapper
          label={t('resources.regions.points')}
          error={fieldError(form, 'points')}
          data-testid="region-points"
        >
          <Stack gap="xs" mt={4}>
            {values.points.map((_, index) => {
              const n = index + 1
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the polygon
                <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
                  <CoordinateInput
                    axis="lat"
                    aria-label={t('resources.regions.lat_of', { n })}
                    placeholder={t('resources.geo_objects.lat')}
                    style={{ flex: 1 }}
                    {...form.getInputProps(`points.${index}.lat`)}
                  />
                  <CoordinateInput
                    axis="lng"
                    aria-label={t('resources.regions.lng_of', { n })}
                    placeholder={t('resources.geo_objects.lng')}
                    style={{ flex: 1 }}
                    {...form.getInputProps(`points.${index}.lng`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('resources.regions.remove_point', { n })}
                    onClick={() => form.removeListItem('points', index)}
                  >
                    ×
                  </ActionIcon>
                </Group>
              )
            })}
            <Button
              variant="light"
              size="xs"
              w="fit-content"
              onClick={() => form.insertListItem('points', { ...emptyPoint })}
            >
              {t('resources.regions.add_point')}
            </Button>
            {complete.length >= 3 && (
              <Text size="sm" c="dimmed" data-testid="region-measure">
                {t('map.area')}: {formatArea(polygonAreaM2(complete), 'ha', i18n.language)} ·{' '}
                {t('map.perimeter')}:{' '}
                {new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(
                  perimeterM(complete),
                )}{' '}
                m
              </Text>
            )}
          </Stack>
        </Input.Wrapper>
        <IdChecklist
          label={t('resources.regions.objects')}
          name="objects"
          value={values.objects}
          options={(objects.data ?? []).map((object) => ({ value: object.id, label: object.name }))}
          onChange={(ids) => form.setFieldValue('objects', ids)}
          empty={t('resources.regions.no_objects')}
          error={fieldError(form, 'objects')}
        />
        <DialogActions onCancel={onClose} submitLabel={t('resources.save')} isPending={save.isPending} />
      </ResourceForm>
    </Modal>
  )
}
