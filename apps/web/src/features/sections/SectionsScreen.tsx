import {
  type Section,
  saveSectionSchema,
  sectionPlants,
  sectionSoilTypes,
  sectionTypes,
} from '@kropla/domain'
import { Button, Modal, SimpleGrid } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { DialogActions } from '../../app/ui/DialogActions'
import { translateKey } from '../../lib/translate-key'
import { useSchemaForm } from '../../lib/use-schema-form'
import { DeleteResourceModal } from '../resources/DeleteResourceModal'
import { fieldError } from '../resources/field-error'
import { ChoiceSelect, IdChecklist } from '../resources/form-inputs'
import { QuantityInput } from '../resources/number-inputs'
import { ResourceForm } from '../resources/ResourceForm'
import { ResourcePage } from '../resources/ResourcePage'
import { ResourceTable } from '../resources/ResourceTable'
import { namesById, useGroups, useSections, useWaterSources } from '../resources/resources-api'
import { DescriptionInput, NameInput } from '../resources/text-inputs'
import { useRowDialogs } from '../resources/use-row-dialogs'
import { useSaveResource } from '../resources/use-save-resource'
import { useUserFormat } from '../session/use-user-format'

/** /{product}_2/resources/sections: irrigation zones with their area, flow, water source and groups. */
export function SectionsScreen() {
  const { t, i18n } = useTranslation()
  const format = useUserFormat()
  const sections = useSections()
  const waterSources = useWaterSources()
  const sourceNames = namesById(waterSources.data)
  const dialogs = useRowDialogs<Section>()
  return (
    <ResourcePage
      title={t('resources.sections.title')}
      actions={<Button onClick={dialogs.add}>{t('resources.sections.add')}</Button>}
    >
      <ResourceTable
        query={sections}
        columns={[
          {
            header: t('resources.sections.type'),
            cell: (row) => translateKey(i18n, `resources.sections.types.${row.type}`, String(row.type)),
          },
          {
            header: t('resources.sections.area'),
            // Stored in hectares; shown in the user's area unit.
            cell: (row) => format.area(row.area * 10_000),
            visibleFrom: 'sm',
          },
          {
            header: t('resources.sections.flow'),
            cell: (row) => format.quantity(row.flow, 'm³/h'),
            visibleFrom: 'sm',
          },
          {
            header: t('resources.sections.water_source'),
            cell: (row) => (row.id_water_source === null ? '' : (sourceNames.get(row.id_water_source) ?? '')),
            visibleFrom: 'md',
          },
        ]}
        empty={t('resources.sections.empty')}
        testId="sections-table"
        onEdit={dialogs.edit}
        onDelete={dialogs.remove}
      />
      {dialogs.editing !== undefined && <SectionModal section={dialogs.editing} onClose={dialogs.close} />}
      {dialogs.deleting && (
        <DeleteResourceModal
          name={dialogs.deleting.name}
          kind="sections"
          id={dialogs.deleting.id}
          checksUsage
          onClose={dialogs.close}
        />
      )}
    </ResourcePage>
  )
}

interface SectionValues extends Record<string, unknown> {
  name: string
  type: number
  description: string
  area: number | string
  flow: number | string
  id_water_source: number | null
  groups: number[]
  soil_type: number | null
  plant: number | null
}

function SectionModal({ section, onClose }: { section: Section | null; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const waterSources = useWaterSources()
  const groups = useGroups()
  const form = useSchemaForm<SectionValues>(saveSectionSchema, {
    name: section?.name ?? '',
    type: section?.type ?? 0,
    description: section?.description ?? '',
    area: section?.area ?? 0,
    flow: section?.flow ?? 0,
    id_water_source: section?.id_water_source ?? null,
    groups: section?.groups ?? [],
    soil_type: section?.soil_type ?? null,
    plant: section?.plant ?? null,
  })
  const { save, failure, submit } = useSaveResource({
    form,
    kind: 'sections',
    id: section?.id ?? null,
    toBody: (values) => saveSectionSchema.parse(values),
    onSaved: onClose,
  })
  const values = form.getValues()
  const outputGroups = (groups.data ?? []).filter((group) => group.scope === 'outputs')
  return (
    <Modal
      opened
      onClose={onClose}
      title={
        section
          ? t('resources.sections.edit_title', { name: section.name })
          : t('resources.sections.new_title')
      }
      centered
      size="lg"
    >
      <ResourceForm onSubmit={submit} failure={failure}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NameInput {...form.getInputProps('name')} />
          <ChoiceSelect
            label={t('resources.sections.type')}
            name="type"
            value={values.type}
            options={sectionTypes.map((type) => ({
              value: type,
              label: translateKey(i18n, `resources.sections.types.${type}`, String(type)),
            }))}
            onChange={(type) => form.setFieldValue('type', type ?? 0)}
            error={fieldError(form, 'type')}
          />
        </SimpleGrid>
        <DescriptionInput {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <QuantityInput label={t('resources.sections.area')} unit="ha" {...form.getInputProps('area')} />
          <QuantityInput label={t('resources.sections.flow')} unit="m³/h" {...form.getInputProps('flow')} />
          <ChoiceSelect
            label={t('resources.sections.water_source')}
            name="id_water_source"
            value={values.id_water_source}
            emptyLabel={t('resources.none')}
            options={(waterSources.data ?? []).map((source) => ({ value: source.id, label: source.name }))}
            onChange={(id) => form.setFieldValue('id_water_source', id)}
            error={fieldError(form, 'id_water_source')}
          />
          <ChoiceSelect
            label={t('resources.sections.soil_type')}
            name="soil_type"
            value={values.soil_type}
            emptyLabel={t('resources.none')}
            options={sectionSoilTypes.map((soil) => ({
              value: soil,
              label: translateKey(i18n, `soil_types.${soil}`, String(soil)),
            }))}
            onChange={(soil) => form.setFieldValue('soil_type', soil)}
            error={fieldError(form, 'soil_type')}
          />
          <ChoiceSelect
            label={t('resources.sections.plant')}
            name="plant"
            value={values.plant}
            emptyLabel={t('resources.none')}
            options={sectionPlants.map((plant) => ({
              value: plant,
              label: translateKey(i18n, `plants.${plant}`, String(plant)),
            }))}
            onChange={(plant) => form.setFieldValue('plant', plant)}
            error={fieldError(form, 'plant')}
          />
        </SimpleGrid>
        <IdChecklist
          label={t('resources.sections.groups')}
          name="groups"
          value={values.groups}
          options={outputGroups.map((group) => ({ value: group.id, label: group.name }))}
          onChange={(ids) => form.setFieldValue('groups', ids)}
          empty={t('resources.sections.no_groups')}
          error={fieldError(form, 'groups')}
        />
        <DialogActions onCancel={onClose} submitLabel={t('resources.save')} isPending={save.isPending} />
      </ResourceForm>
    </Modal>
  )
}
