import { type Region, regionSchema, saveRegionSchema } from '@kropla/domain'
import {
  ActionIcon,
  Button,
  Group,
  Input,
  Modal,
  NumberInput,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogActions } from '../../app/ui/DialogActions'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { useSchemaForm } from '../../lib/use-schema-form'
import { DeleteResourceModal } from '../resources/DeleteResourceModal'
import { IdChecklist } from '../resources/form-inputs'
import { ResourcePage } from '../resources/ResourcePage'
import { ResourceTable } from '../resources/ResourceTable'
import { useObjects, useRegions } from '../resources/resource-queries'
import { useSaveResource } from '../resources/use-save-resource'

type Dialog = { kind: 'edit'; region: Region | null } | { kind: 'delete'; region: Region } | null

/** /{product}_2/settings/regions: map regions (polygons of at least three points) and their modules. */
export function RegionsScreen() {
  const { t } = useTranslation()
  const regions = useRegions()
  const [dialog, setDialog] = useState<Dialog>(null)
  const close = () => setDialog(null)
  return (
    <ResourcePage
      title={t('resources.regions.title')}
      actions={
        <Button onClick={() => setDialog({ kind: 'edit', region: null })}>
          {t('resources.regions.add')}
        </Button>
      }
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
        onEdit={(region) => setDialog({ kind: 'edit', region })}
        onDelete={(region) => setDialog({ kind: 'delete', region })}
      />
      {dialog?.kind === 'edit' && <RegionModal region={dialog.region} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <DeleteResourceModal
          name={dialog.region.name}
          path={`/api/regions/${dialog.region.id}`}
          checksUsage={false}
          onClose={close}
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

function RegionModal({ region, onClose }: { region: Region | null; onClose: () => void }) {
  const { t } = useTranslation()
  const objects = useObjects()
  const form = useSchemaForm<RegionValues>(saveRegionSchema, {
    name: region?.name ?? '',
    description: region?.description ?? '',
    points: region?.points.map(({ lat, lng }) => ({ lat, lng })) ?? [emptyPoint, emptyPoint, emptyPoint],
    objects: region?.objects ?? [],
  })
  const { save, failure, submit } = useSaveResource({
    form,
    collection: '/api/regions',
    id: region?.id ?? null,
    parser: regionSchema,
    toBody: (values) => saveRegionSchema.parse(values),
    onSaved: onClose,
  })
  const values = form.getValues()
  const pointsError = form.getInputProps('points').error as string | undefined
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
          <Input.Wrapper
            label={t('resources.regions.points')}
            error={pointsError}
            data-testid="region-points"
          >
            <Stack gap="xs" mt={4}>
              {values.points.map((_, index) => {
                const n = index + 1
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the polygon
                  <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
                    <NumberInput
                      aria-label={t('resources.regions.lat_of', { n })}
                      placeholder={t('resources.geo_objects.lat')}
                      min={-90}
                      max={90}
                      clampBehavior="none"
                      decimalScale={7}
                      decimalSeparator="."
                      style={{ flex: 1 }}
                      {...form.getInputProps(`points.${index}.lat`)}
                    />
                    <NumberInput
                      aria-label={t('resources.regions.lng_of', { n })}
                      placeholder={t('resources.geo_objects.lng')}
                      min={-180}
                      max={180}
                      clampBehavior="none"
                      decimalScale={7}
                      decimalSeparator="."
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
            </Stack>
          </Input.Wrapper>
          <IdChecklist
            label={t('resources.regions.objects')}
            name="objects"
            value={values.objects}
            options={(objects.data ?? []).map((object) => ({ value: object.id, label: object.name }))}
            onChange={(ids) => form.setFieldValue('objects', ids)}
            empty={t('resources.regions.no_objects')}
            error={form.getInputProps('objects').error as string | undefined}
          />
          <DialogActions onCancel={onClose} submitLabel={t('resources.save')} isPending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  )
}
