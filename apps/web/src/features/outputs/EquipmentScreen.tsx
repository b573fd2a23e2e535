import {
  type EquipmentKind,
  equipmentSchemaFor,
  type ObjectDetail,
  type Output,
  propertiesOfEquipmentType,
  saveOutputSchema,
} from '@kropla/domain'
import { Alert, Card, SimpleGrid, Stack, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { translateKey } from '../../lib/translate-key'
import { type FormSchema, useSchemaForm } from '../../lib/use-schema-form'
import { useBackTo } from '../resources/back-to'
import { fieldError } from '../resources/field-error'
import { ChoiceSelect, IdChecklist } from '../resources/form-inputs'
import { ResourceDetailPage } from '../resources/ResourceDetailPage'
import { ResourceForm } from '../resources/ResourceForm'
import { useGroups, useObjects, useOutputs, useWaterSources } from '../resources/resources-api'
import { SaveButton } from '../resources/SaveButton'
import { DescriptionInput, NameInput } from '../resources/text-inputs'
import { useRouteItem } from '../resources/use-route-item'
import { useSaveResource } from '../resources/use-save-resource'
import {
  type EquipmentValues,
  equipmentBody,
  freeInterfaces,
  modelOfObject,
  rewire,
  typesFor,
  wireableObjects,
} from './equipment-wiring'
import { PropertyFields } from './PropertyFields'

/** /resources/outputs/{id} (and `new`): one piece of equipment, output or input, wired to a module interface. */
export function EquipmentScreen() {
  const { t } = useTranslation()
  const objects = useObjects()
  const outputs = useOutputs()
  const waterSources = useWaterSources()
  const groups = useGroups()
  const item = useRouteItem(outputs)
  const backTo = useBackTo(item.existing?.kind === 'output' ? '/resources/outputs' : '/resources/devices')
  return (
    <ResourceDetailPage
      item={item}
      titles={{
        edit: (name) => t('resources.equipment.edit_title', { name }),
        new: t('resources.equipment.new_title'),
        unknown: t('resources.devices.title'),
      }}
      backTo={backTo}
      queries={[objects, outputs, waterSources, groups]}
    >
      {(existing) => (
        <EquipmentForm
          existing={existing}
          objects={objects.data ?? []}
          outputs={outputs.data ?? []}
          waterSources={waterSources.data ?? []}
          outputGroups={(groups.data ?? []).filter((group) => group.scope === 'outputs')}
          backTo={backTo}
        />
      )}
    </ResourceDetailPage>
  )
}

interface EquipmentFormProps {
  existing: Output | undefined
  objects: ObjectDetail[]
  outputs: Output[]
  waterSources: { id: number; name: string }[]
  outputGroups: { id: number; name: string }[]
  backTo: string
}

/** The shared schema of the chosen module's model (`equipmentSchemaFor`), fed the request body. */
function equipmentFormSchema(objects: readonly ObjectDetail[]): FormSchema {
  const standard = saveOutputSchema['~standard']
  return {
    '~standard': {
      ...standard,
      validate: (raw) => {
        const values = raw as EquipmentValues
        const model = modelOfObject(objects, values.id_object)
        const schema = model ? equipmentSchemaFor(model) : saveOutputSchema
        const result = schema['~standard'].validate(equipmentBody(values))
        if (result instanceof Promise || !result.issues) return result
        // "Choose a module" rather than zod's wording of an id of 0.
        const issues = result.issues.map((issue) =>
          issue.path?.[0] === 'id_object' ? { ...issue, message: 'errors.field_required' } : issue,
        )
        return { issues }
      },
    },
  }
}

function EquipmentForm({
  existing,
  objects,
  outputs,
  waterSources,
  outputGroups,
  backTo,
}: EquipmentFormProps) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const modules = wireableObjects(objects)
  const editing = existing?.id ?? null
  const initial: EquipmentValues = existing
    ? {
        name: existing.name,
        description: existing.description,
        id_object: existing.id_object,
        field_name: existing.field_name,
        kind: existing.kind,
        type: existing.type,
        properties: existing.properties,
        id_water_source: existing.id_water_source,
        groups: existing.groups,
        regions: existing.regions,
      }
    : {
        name: '',
        description: '',
        id_object: null,
        field_name: '',
        kind: 'binary_input',
        type: '',
        properties: {},
        id_water_source: null,
        groups: [],
        regions: [],
      }
  const form = useSchemaForm<EquipmentValues>(equipmentFormSchema(objects), initial)
  const { save, failure, submit } = useSaveResource({
    form,
    kind: 'outputs',
    id: editing,
    toBody: equipmentBody,
    fieldOfCode: { interface_taken: 'field_name' },
    onSaved: () => navigate(backTo),
  })

  const values = form.getValues()
  const model = modelOfObject(objects, values.id_object)
  const free = freeInterfaces(model, values.id_object, outputs, editing)
  const wiring = free.find((candidate) => candidate.field === values.field_name)
  const kinds: readonly EquipmentKind[] = model ? (wiring?.kinds ?? []) : [values.kind]
  const types = model ? typesFor(model, values.kind) : [values.type]

  const change = (changes: Partial<EquipmentValues>) => {
    const next = { ...form.getValues(), ...changes }
    const nextModel = modelOfObject(objects, next.id_object)
    form.setValues(rewire(next, nextModel, freeInterfaces(nextModel, next.id_object, outputs, editing)))
    form.clearErrors()
  }

  return (
    <ResourceForm onSubmit={submit} failure={failure}>
      {modules.length === 0 && !existing && (
        <Alert color="gray" data-testid="no-modules">
          {t('resources.equipment.no_modules')}
        </Alert>
      )}
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <NameInput {...form.getInputProps('name')} />
          <DescriptionInput {...form.getInputProps('description')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <ChoiceSelect
              label={t('resources.equipment.module')}
              name="id_object"
              value={values.id_object}
              emptyLabel={t('resources.equipment.choose')}
              options={modules.map((object) => ({ value: object.id, label: object.name }))}
              onChange={(idObject) => change({ id_object: idObject })}
              error={fieldError(form, 'id_object')}
            />
            <ChoiceSelect
              label={t('resources.equipment.interface')}
              name="field_name"
              value={values.field_name}
              emptyLabel={model && free.length === 0 ? t('resources.equipment.no_free_interface') : undefined}
              options={(model ? free.map((candidate) => candidate.field) : [values.field_name]).map(
                (field) => ({
                  value: field,
                  label: translateKey(i18n, `fields.${field}`, field),
                }),
              )}
              onChange={(field) => change({ field_name: field ?? '' })}
              error={fieldError(form, 'field_name')}
              disabled={values.id_object === null}
            />
            <ChoiceSelect
              label={t('resources.equipment.kind')}
              name="kind"
              value={values.kind}
              options={kinds.map((kind) => ({ value: kind, label: t(`equipment_kinds.${kind}`) }))}
              onChange={(kind) => kind && change({ kind })}
              error={fieldError(form, 'kind')}
              disabled={values.id_object === null}
            />
            <ChoiceSelect
              label={t('resources.equipment.type')}
              name="type"
              value={values.type}
              options={types.map((type) => ({
                value: type,
                label: translateKey(i18n, `equipment_types.${type}`, type),
              }))}
              onChange={(type) => type && change({ type })}
              error={fieldError(form, 'type')}
              disabled={values.id_object === null}
            />
            <ChoiceSelect
              label={t('resources.equipment.water_source')}
              name="id_water_source"
              value={values.id_water_source}
              emptyLabel={t('resources.none')}
              options={waterSources.map((source) => ({ value: source.id, label: source.name }))}
              onChange={(idWaterSource) => form.setFieldValue('id_water_source', idWaterSource)}
              error={fieldError(form, 'id_water_source')}
            />
          </SimpleGrid>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('resources.equipment.properties')}
          </Title>
          <PropertyFields
            form={form}
            definitions={propertiesOfEquipmentType(values.type)}
            empty={t('resources.equipment.no_properties')}
          />
        </Stack>
      </Card>
      {outputGroups.length > 0 && (
        <Card withBorder radius="md" padding="md">
          <IdChecklist
            label={t('resources.sections.groups')}
            name="groups"
            value={values.groups}
            options={outputGroups.map((group) => ({ value: group.id, label: group.name }))}
            onChange={(ids) => form.setFieldValue('groups', ids)}
            empty=""
            error={fieldError(form, 'groups')}
          />
        </Card>
      )}
      <SaveButton isPending={save.isPending} />
    </ResourceForm>
  )
}
