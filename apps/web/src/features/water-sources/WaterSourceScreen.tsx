import { type Output, saveWaterSourceSchema, type WaterSource } from '@kropla/domain'
import { Card, SimpleGrid, Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useSchemaForm } from '../../lib/use-schema-form'
import { useBackTo } from '../resources/back-to'
import { fieldError } from '../resources/field-error'
import { IdChecklist } from '../resources/form-inputs'
import { QuantityInput } from '../resources/number-inputs'
import { ResourceDetailPage } from '../resources/ResourceDetailPage'
import { ResourceForm } from '../resources/ResourceForm'
import { useOutputs, useWaterSources } from '../resources/resources-api'
import { SaveButton } from '../resources/SaveButton'
import { DescriptionInput, NameInput } from '../resources/text-inputs'
import { useRouteItem } from '../resources/use-route-item'
import { useSaveResource } from '../resources/use-save-resource'

/** /resources/water_sources/{id} (and `new`): a water source and the outputs that deliver its water. */
export function WaterSourceScreen() {
  const { t } = useTranslation()
  const sources = useWaterSources()
  const outputs = useOutputs()
  const item = useRouteItem(sources)
  const backTo = useBackTo('/resources/water_sources')
  return (
    <ResourceDetailPage
      item={item}
      titles={{
        edit: (name) => t('resources.water_sources.edit_title', { name }),
        new: t('resources.water_sources.new_title'),
        unknown: t('resources.water_sources.title'),
      }}
      backTo={backTo}
      queries={[sources, outputs]}
    >
      {(existing) => (
        <WaterSourceForm
          existing={existing}
          outputs={(outputs.data ?? []).filter((output) => output.kind === 'output')}
          backTo={backTo}
        />
      )}
    </ResourceDetailPage>
  )
}

interface WaterSourceValues extends Record<string, unknown> {
  name: string
  description: string
  efficiency: number | string
  clean_outputs: number[]
  fertigated_outputs: number[]
}

function WaterSourceForm({
  existing,
  outputs,
  backTo,
}: {
  existing: WaterSource | undefined
  outputs: Output[]
  backTo: string
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const form = useSchemaForm<WaterSourceValues>(saveWaterSourceSchema, {
    name: existing?.name ?? '',
    description: existing?.description ?? '',
    efficiency: existing?.efficiency ?? 0,
    clean_outputs: existing?.clean_outputs ?? [],
    fertigated_outputs: existing?.fertigated_outputs ?? [],
  })
  const { save, failure, submit } = useSaveResource({
    form,
    kind: 'water_sources',
    id: existing?.id ?? null,
    toBody: (values) => saveWaterSourceSchema.parse(values),
    onSaved: () => navigate(backTo),
  })
  const values = form.getValues()
  const options = outputs.map((output) => ({ value: output.id, label: output.name }))
  return (
    <ResourceForm onSubmit={submit} failure={failure}>
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NameInput {...form.getInputProps('name')} />
            <QuantityInput
              label={t('resources.water_sources.efficiency')}
              unit="m³/h"
              {...form.getInputProps('efficiency')}
            />
          </SimpleGrid>
          <DescriptionInput {...form.getInputProps('description')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <IdChecklist
              label={t('resources.water_sources.clean_outputs')}
              name="clean_outputs"
              value={values.clean_outputs}
              options={options}
              onChange={(ids) => form.setFieldValue('clean_outputs', ids)}
              empty={t('resources.water_sources.no_outputs')}
              error={fieldError(form, 'clean_outputs')}
            />
            <IdChecklist
              label={t('resources.water_sources.fertigated_outputs')}
              name="fertigated_outputs"
              value={values.fertigated_outputs}
              options={options}
              onChange={(ids) => form.setFieldValue('fertigated_outputs', ids)}
              empty={t('resources.water_sources.no_outputs')}
              error={fieldError(form, 'fertigated_outputs')}
            />
          </SimpleGrid>
        </Stack>
      </Card>
      <SaveButton isPending={save.isPending} />
    </ResourceForm>
  )
}
