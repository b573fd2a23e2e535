import {
  findModel,
  type Group,
  type GroupScope,
  groupScopes,
  type ObjectDetail,
  type Output,
  saveGroupSchema,
} from '@kropla/domain'
import { Card, Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useSchemaForm } from '../../lib/use-schema-form'
import { useBackTo } from '../resources/back-to'
import { fieldError } from '../resources/field-error'
import { ChoiceSelect, IdChecklist } from '../resources/form-inputs'
import { ResourceDetailPage } from '../resources/ResourceDetailPage'
import { ResourceForm } from '../resources/ResourceForm'
import { useGroups, useObjects, useOutputs } from '../resources/resources-api'
import { SaveButton } from '../resources/SaveButton'
import { DescriptionInput, NameInput } from '../resources/text-inputs'
import { useRouteItem } from '../resources/use-route-item'
import { useSaveResource } from '../resources/use-save-resource'

/** /resources/groups/{id} (and `new`): a group of modules (groupable models only) or of outputs. */
export function GroupScreen() {
  const { t } = useTranslation()
  const groups = useGroups()
  const objects = useObjects()
  const outputs = useOutputs()
  const item = useRouteItem(groups)
  const backTo = useBackTo('/resources/groups')
  return (
    <ResourceDetailPage
      item={item}
      titles={{
        edit: (name) => t('resources.groups.edit_title', { name }),
        new: t('resources.groups.new_title'),
        unknown: t('resources.groups.title'),
      }}
      backTo={backTo}
      queries={[groups, objects, outputs]}
    >
      {(existing) => (
        <GroupForm
          existing={existing}
          objects={objects.data ?? []}
          outputs={outputs.data ?? []}
          backTo={backTo}
        />
      )}
    </ResourceDetailPage>
  )
}

interface GroupValues extends Record<string, unknown> {
  name: string
  description: string
  scope: GroupScope
  elements: number[]
}

interface GroupFormProps {
  existing: Group | undefined
  objects: ObjectDetail[]
  outputs: Output[]
  backTo: string
}

function GroupForm({ existing, objects, outputs, backTo }: GroupFormProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const form = useSchemaForm<GroupValues>(saveGroupSchema, {
    name: existing?.name ?? '',
    description: existing?.description ?? '',
    scope: existing?.scope ?? 'objects',
    elements: existing?.elements ?? [],
  })
  const { save, failure, submit } = useSaveResource({
    form,
    kind: 'groups',
    id: existing?.id ?? null,
    toBody: (values) => saveGroupSchema.parse(values),
    fieldOfCode: { not_groupable: 'elements', element_not_found: 'elements' },
    onSaved: () => navigate(backTo),
  })
  const values = form.getValues()
  const candidates =
    values.scope === 'objects'
      ? objects.filter((object) => findModel(object.last_device_model)?.groupable)
      : outputs.filter((output) => output.kind === 'output')
  return (
    <ResourceForm onSubmit={submit} failure={failure}>
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <NameInput {...form.getInputProps('name')} />
          <DescriptionInput {...form.getInputProps('description')} />
          <ChoiceSelect
            label={t('resources.groups.scope')}
            name="scope"
            value={values.scope}
            options={groupScopes.map((scope) => ({
              value: scope,
              label: t(`resources.groups.scopes.${scope}`),
            }))}
            onChange={(scope) => {
              if (!scope || scope === values.scope) return
              form.setValues({ scope, elements: [] })
            }}
            error={fieldError(form, 'scope')}
          />
          <IdChecklist
            label={t('resources.groups.elements')}
            name="elements"
            value={values.elements}
            options={candidates.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
            onChange={(ids) => form.setFieldValue('elements', ids)}
            empty={t('resources.groups.no_elements')}
            error={fieldError(form, 'elements')}
          />
        </Stack>
      </Card>
      <SaveButton isPending={save.isPending} />
    </ResourceForm>
  )
}
