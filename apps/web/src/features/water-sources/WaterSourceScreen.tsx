import { type Output, saveWaterSourceSchema, type WaterSource, waterSourceSchema } from '@kropla/domain'
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { useSchemaForm } from '../../lib/use-schema-form'
import { useBackTo } from '../resources/back-to'
import { IdChecklist } from '../resources/form-inputs'
import { LoadedAll } from '../resources/LoadedAll'
import { ResourcePage } from '../resources/ResourcePage'
import { useOutputs, useWaterSources } from '../resources/resource-queries'
import { useSaveResource } from '../resources/use-save-resource'

/** /resources/water_sources/{id} (and `new`): a water source and the outputs that deliver its water. */
export function WaterSourceScreen() {
  const { t } = useTranslation()
  const { id: idParam } = useParams()
  const id = idParam === 'new' ? null : Number(idParam)
  const sources = useWaterSources()
  const outputs = useOutputs()
  const existing = id === null ? undefined : sources.data?.find((source) => source.id === id)
  const backTo = useBackTo('/resources/water_sources')
  return (
    <ResourcePage
      title={
        existing
          ? t('resources.water_sources.edit_title', { name: existing.name })
          : id === null
            ? t('resources.water_sources.new_title')
            : t('resources.water_sources.title')
      }
      backTo={backTo}
    >
      <LoadedAll queries={[sources, outputs]}>
        {() =>
          id !== null && !existing ? (
            <Alert color="gray" data-testid="not-found">
              {t('resources.not_found')}
            </Alert>
          ) : (
            <WaterSourceForm
              key={id ?? 'new'}
              existing={existing}
              outputs={(outputs.data ?? []).filter((output) => output.kind === 'output')}
              backTo={backTo}
            />
          )
        }
      </LoadedAll>
    </ResourcePage>
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
    collection: '/api/water_sources',
    id: existing?.id ?? null,
    parser: waterSourceSchema,
    toBody: (values) => saveWaterSourceSchema.parse(values),
    onSaved: () => navigate(backTo),
  })
  const values = form.getValues()
  const options = outputs.map((output) => ({ value: output.id, label: output.name }))
  const errorOf = (path: string) => form.getInputProps(path).error as string | undefined
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && <FailureAlert error={failure} testId="save-error" />}
        <Card withBorder radius="md" padding="md">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput label={t('resources.name')} data-autofocus {...form.getInputProps('name')} />
              <NumberInput
                label={t('resources.water_sources.efficiency')}
                min={0}
                clampBehavior="none"
                decimalSeparator="."
                rightSection={
                  <Text size="xs" c="dimmed">
                    m³/h
                  </Text>
                }
                rightSectionWidth={48}
                {...form.getInputProps('efficiency')}
              />
            </SimpleGrid>
            <Textarea
              label={t('resources.description')}
              autosize
              minRows={2}
              {...form.getInputProps('description')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <IdChecklist
                label={t('resources.water_sources.clean_outputs')}
                name="clean_outputs"
                value={values.clean_outputs}
                options={options}
                onChange={(ids) => form.setFieldValue('clean_outputs', ids)}
                empty={t('resources.water_sources.no_outputs')}
                error={errorOf('clean_outputs')}
              />
              <IdChecklist
                label={t('resources.water_sources.fertigated_outputs')}
                name="fertigated_outputs"
                value={values.fertigated_outputs}
                options={options}
                onChange={(ids) => form.setFieldValue('fertigated_outputs', ids)}
                empty={t('resources.water_sources.no_outputs')}
                error={errorOf('fertigated_outputs')}
              />
            </SimpleGrid>
          </Stack>
        </Card>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('resources.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
