import {
  type EquipmentKind,
  equipmentSchemaFor,
  type ObjectDetail,
  type Output,
  outputSchema,
  propertiesOfEquipmentType,
  saveOutputSchema,
} from '@kropla/domain'
import { Alert, Button, Card, Group, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { translateKey } from '../../lib/translate-key'
import { type FormSchema, useSchemaForm } from '../../lib/use-schema-form'
import { useBackTo } from '../resources/back-to'
import { ChoiceSelect, IdChecklist } from '../resources/form-inputs'
import { LoadedAll } from '../resources/LoadedAll'
import { ResourcePage } from '../resources/ResourcePage'
import { useGroups, useObjects, useOutputs, useWaterSources } from '../resources/resource-queries'
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
  const { id: idParam } = useParams()
  const id = idParam === 'new' ? null : Number(idParam)
  const objects = useObjects()
  const outputs = useOutputs()
  const waterSources = useWaterSources()
  const groups = useGroups()
  const existing = id === null ? undefined : outputs.data?.find((output) => output.id === id)
  const backTo = useBackTo(existing?.kind === 'output' ? '/resources/outputs' : '/resources/devices')
  return (
    <ResourcePage
      title={
        existing
          ? t('resources.equipment.edit_title', { name: existing.name })
          : id === null
            ? t('resources.equipment.new_title')
            : t('resources.devices.title')
      }
      backTo={backTo}
    >
      <LoadedAll queries={[objects, outputs, waterSources, groups]}>
        {() =>
          id !== null && !existing ? (
            <Alert color="gray" data-testid="not-found">
              {t('resources.not_found')}
            </Alert>
          ) : (
            <EquipmentForm
              key={id ?? 'new'}
              existing={existing}
              objects={objects.data ?? []}
              outputs={outputs.data ?? []}
              waterSources={waterSources.data ?? []}
              outputGroups={(groups.data ?? []).filter((group) => group.scope === 'outputs')}
              backTo={backTo}
            />
          )
        }
      </LoadedAll>
    </ResourcePage>
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
    collection: '/api/outputs',
    id: editing,
    parser: outputSchema,
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
  const errorOf = (path: string) => form.getInputProps(path).error as string | undefined

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && <FailureAlert error={failure} testId="save-error" />}
        {modules.length === 0 && !existing && (
          <Alert color="gray" data-testid="no-modules">
            {t('resources.equipment.no_modules')}
          </Alert>
        )}
        <Card withBorder radius="md" padding="md">
          <Stack gap="md">
            <TextInput label={t('resources.name')} data-autofocus {...form.getInputProps('name')} />
            <Textarea
              label={t('resources.description')}
              autosize
              minRows={2}
              {...form.getInputProps('description')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <ChoiceSelect
                label={t('resources.equipment.module')}
                name="id_object"
                value={values.id_object}
                emptyLabel={t('resources.equipment.choose')}
                options={modules.map((object) => ({ value: object.id, label: object.name }))}
                onChange={(idObject) => change({ id_object: idObject })}
                error={errorOf('id_object')}
              />
              <ChoiceSelect
                label={t('resources.equipment.interface')}
                name="field_name"
                value={values.field_name}
                emptyLabel={
                  model && free.length === 0 ? t('resources.equipment.no_free_interface') : undefined
                }
                options={(model ? free.map((candidate) => candidate.field) : [values.field_name]).map(
                  (field) => ({
                    value: field,
                    label: translateKey(i18n, `fields.${field}`, field),
                  }),
                )}
                onChange={(field) => change({ field_name: field ?? '' })}
                error={errorOf('field_name')}
                disabled={values.id_object === null}
              />
              <ChoiceSelect
                label={t('resources.equipment.kind')}
                name="kind"
                value={values.kind}
                options={kinds.map((kind) => ({ value: kind, label: t(`equipment_kinds.${kind}`) }))}
                onChange={(kind) => kind && change({ kind })}
                error={errorOf('kind')}
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
                error={errorOf('type')}
                disabled={values.id_object === null}
              />
              <ChoiceSelect
                label={t('resources.equipment.water_source')}
                name="id_water_source"
                value={values.id_water_source}
                emptyLabel={t('resources.none')}
                options={waterSources.map((source) => ({ value: source.id, label: source.name }))}
                onChange={(idWaterSource) => form.setFieldValue('id_water_source', idWaterSource)}
                error={errorOf('id_water_source')}
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
              error={errorOf('groups')}
            />
          </Card>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('resources.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
