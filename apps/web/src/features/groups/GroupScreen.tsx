import {
  findModel,
  type Group,
  type GroupScope,
  groupSchema,
  groupScopes,
  type ObjectDetail,
  type Output,
  saveGroupSchema,
} from '@kropla/domain'
import { Alert, Button, Card, Group as Row, Stack, Textarea, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { useSchemaForm } from '../../lib/use-schema-form'
import { useBackTo } from '../resources/back-to'
import { ChoiceSelect, IdChecklist } from '../resources/form-inputs'
import { LoadedAll } from '../resources/LoadedAll'
import { ResourcePage } from '../resources/ResourcePage'
import { useGroups, useObjects, useOutputs } from '../resources/resource-queries'
import { useSaveResource } from '../resources/use-save-resource'

/** /resources/groups/{id} (and `new`): a group of modules (groupable models only) or of outputs. */
export function GroupScreen() {
  const { t } = useTranslation()
  const { id: idParam } = useParams()
  const id = idParam === 'new' ? null : Number(idParam)
  const groups = useGroups()
  const objects = useObjects()
  const outputs = useOutputs()
  const existing = id === null ? undefined : groups.data?.find((group) => group.id === id)
  const backTo = useBackTo('/resources/groups')
  return (
    <ResourcePage
      title={
        existing
          ? t('resources.groups.edit_title', { name: existing.name })
          : id === null
            ? t('resources.groups.new_title')
            : t('resources.groups.title')
      }
      backTo={backTo}
    >
      <LoadedAll queries={[groups, objects, outputs]}>
        {() =>
          id !== null && !existing ? (
            <Alert color="gray" data-testid="not-found">
              {t('resources.not_found')}
            </Alert>
          ) : (
            <GroupForm
              key={id ?? 'new'}
              existing={existing}
              objects={objects.data ?? []}
              outputs={outputs.data ?? []}
              backTo={backTo}
            />
          )
        }
      </LoadedAll>
    </ResourcePage>
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
    collection: '/api/groups',
    id: existing?.id ?? null,
    parser: groupSchema,
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
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && <FailureAlert error={failure} testId="save-error" />}
        <Card withBorder radius="md" padding="md">
          <Stack gap="md">
            <TextInput label={t('resources.name')} data-autofocus {...form.getInputProps('name')} />
            <Textarea
              label={t('resources.description')}
              autosize
              minRows={2}
              {...form.getInputProps('description')}
            />
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
              error={form.getInputProps('scope').error as string | undefined}
            />
            <IdChecklist
              label={t('resources.groups.elements')}
              name="elements"
              value={values.elements}
              options={candidates.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
              onChange={(ids) => form.setFieldValue('elements', ids)}
              empty={t('resources.groups.no_elements')}
              error={form.getInputProps('elements').error as string | undefined}
            />
          </Stack>
        </Card>
        <Row justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('resources.save')}
          </Button>
        </Row>
      </Stack>
    </form>
  )
}
