import {
  type ConditionMetric,
  conditionMetrics,
  findModel,
  type Group as ModuleGroup,
  type ObjectDetail,
  type ScheduleCondition,
  scheduleLimits,
} from '@kropla/domain'
import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { translateKey } from '../../lib/translate-key'
import { fieldError } from '../resources/field-error'
import { ChoiceSelect } from '../resources/form-inputs'
import { type CardProps, memoCard } from './memo-card'
import type { ScheduleForm } from './schedule-form'

export interface ConditionChoices {
  objects: ObjectDetail[]
  /** Groups of modules: a condition may take the average of their readings. */
  groups: ModuleGroup[]
}

/** The reading fields that usually carry a metric, tried first when a module is chosen. */
const metricFields: Readonly<Record<ConditionMetric, RegExp>> = {
  soil_humidity: /^(HUMIDITY_|HUMI_CALC_)/,
  soil_temperature: /^TEMP_/,
  air_temperature: /^(temp|rtx_temp|TEMP)$/,
  ec: /^EC/,
  mci: /^MCI_/,
}

/** A module's numeric reading fields (its model's catalogue entry). */
export function numberFieldsOf(object: ObjectDetail | undefined): string[] {
  const model = object ? findModel(object.last_device_model) : undefined
  return (model?.inputs ?? []).filter((input) => input.kind === 'number').map((input) => input.name)
}

/** The field a new choice of module or metric starts at: one carrying the metric, else the first. */
function fieldFor(object: ObjectDetail | undefined, metric: ConditionMetric): string {
  const fields = numberFieldsOf(object)
  return fields.find((field) => metricFields[metric].test(field)) ?? fields[0] ?? ''
}

/** Modules with something to compare. */
const measuringObjects = (objects: ObjectDetail[]) =>
  objects.filter((object) => numberFieldsOf(object).length > 0)

function newCondition(choices: ConditionChoices): ScheduleCondition | null {
  const metric: ConditionMetric = 'soil_humidity'
  const objects = measuringObjects(choices.objects)
  // A module that measures the metric, a soil probe for soil humidity, rather than the first one listed.
  const object =
    objects.find((candidate) =>
      numberFieldsOf(candidate).some((field) => metricFields[metric].test(field)),
    ) ?? objects[0]
  if (object)
    return {
      metric,
      source: { kind: 'object', id_object: object.id, field: fieldFor(object, metric) },
      comparator: 'lt',
      value: 30,
    }
  const group = choices.groups[0]
  if (group) return { metric, source: { kind: 'group', id_group: group.id }, comparator: 'lt', value: 30 }
  return null
}

/** Conditions every run must meet when it is due: a metric from a module or a group's average, lower or higher than a value. */
export const ConditionsFields = memoCard(function ConditionsFields({
  form,
  choices,
}: CardProps & { choices: ConditionChoices }) {
  const { t } = useTranslation()
  const { conditions } = form.getValues().definition
  const candidate = newCondition(choices)
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={4}>{t('schedules.fields.conditions')}</Title>
        <Text size="sm" c="dimmed">
          {t('schedules.fields.conditions_intro')}
        </Text>
        {conditions.map((condition, index) => (
          <ConditionRow
            // Conditions have no id of their own; their place is what the form's paths use too.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            form={form}
            index={index}
            condition={condition}
            choices={choices}
          />
        ))}
        {conditions.length < scheduleLimits.maxConditions && (
          <Button
            variant="light"
            size="xs"
            w="fit-content"
            disabled={candidate === null}
            onClick={() => candidate && form.insertListItem('definition.conditions', candidate)}
          >
            {t('schedules.fields.add_condition')}
          </Button>
        )}
      </Stack>
    </Card>
  )
})

interface ConditionRowProps {
  form: ScheduleForm
  index: number
  condition: ScheduleCondition
  choices: ConditionChoices
}

function ConditionRow({ form, index, condition, choices }: ConditionRowProps) {
  const { t, i18n } = useTranslation()
  const path = `definition.conditions.${index}`
  const n = index + 1
  const objects = measuringObjects(choices.objects)
  const { source } = condition
  const object = source.kind === 'object' ? objects.find((row) => row.id === source.id_object) : undefined
  const setSource = (next: ScheduleCondition['source']) => form.setFieldValue(`${path}.source`, next)
  return (
    <Card
      withBorder
      radius="sm"
      padding="sm"
      role="group"
      aria-label={t('schedules.fields.condition_n', { n })}
    >
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm" fw={500}>
            {t('schedules.fields.condition_n', { n })}
          </Text>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            onClick={() => form.removeListItem('definition.conditions', index)}
          >
            {t('schedules.fields.remove_condition', { n })}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <ChoiceSelect
            label={t('schedules.fields.metric')}
            name={`${path}.metric`}
            value={condition.metric}
            options={conditionMetrics.map((metric) => ({
              value: metric,
              label: t(`schedules.fields.metrics.${metric}`),
            }))}
            onChange={(metric) => {
              if (metric === null) return
              form.setFieldValue(`${path}.metric`, metric)
              if (source.kind !== 'object') return
              // Keep the module when it measures the new metric, otherwise move to one that does.
              const measures = (candidate: ObjectDetail | undefined) =>
                numberFieldsOf(candidate).some((name) => metricFields[metric].test(name))
              const next = measures(object) ? object : (objects.find(measures) ?? object)
              if (next) setSource({ kind: 'object', id_object: next.id, field: fieldFor(next, metric) })
            }}
            error={fieldError(form, `${path}.metric`)}
          />
          <ChoiceSelect
            label={t('schedules.fields.source_kind')}
            name={`${path}.source.kind`}
            value={source.kind}
            options={[
              ...(objects.length > 0
                ? [{ value: 'object' as const, label: t('schedules.fields.source_kinds.object') }]
                : []),
              ...(choices.groups.length > 0
                ? [{ value: 'group' as const, label: t('schedules.fields.source_kinds.group') }]
                : []),
            ]}
            onChange={(kind) => {
              const first = objects[0]
              const group = choices.groups[0]
              if (kind === 'object' && first)
                setSource({ kind, id_object: first.id, field: fieldFor(first, condition.metric) })
              if (kind === 'group' && group) setSource({ kind, id_group: group.id })
            }}
          />
          {source.kind === 'object' ? (
            <>
              <ChoiceSelect
                label={t('schedules.fields.object')}
                name={`${path}.source.id_object`}
                value={source.id_object}
                options={objects.map((row) => ({ value: row.id, label: row.name }))}
                onChange={(id) => {
                  const chosen = objects.find((row) => row.id === id)
                  if (chosen)
                    setSource({ ...source, id_object: chosen.id, field: fieldFor(chosen, condition.metric) })
                }}
                error={fieldError(form, `${path}.source.id_object`)}
              />
              <ChoiceSelect
                label={t('schedules.fields.field')}
                name={`${path}.source.field`}
                value={source.field}
                options={numberFieldsOf(object).map((field) => ({
                  value: field,
                  label: translateKey(i18n, `fields.${field}`, field),
                }))}
                onChange={(field) => {
                  if (field !== null) setSource({ ...source, field })
                }}
                error={fieldError(form, `${path}.source.field`)}
              />
            </>
          ) : (
            <ChoiceSelect
              label={t('schedules.fields.group')}
              name={`${path}.source.id_group`}
              value={source.id_group}
              options={choices.groups.map((row) => ({ value: row.id, label: row.name }))}
              onChange={(id) => {
                if (id !== null) setSource({ kind: 'group', id_group: id })
              }}
              error={fieldError(form, `${path}.source.id_group`)}
            />
          )}
          <ChoiceSelect
            label={t('schedules.fields.comparator')}
            name={`${path}.comparator`}
            value={condition.comparator}
            options={(['lt', 'gt'] as const).map((comparator) => ({
              value: comparator,
              label: t(`schedules.fields.comparators.${comparator}`),
            }))}
            onChange={(comparator) => {
              if (comparator !== null) form.setFieldValue(`${path}.comparator`, comparator)
            }}
            error={fieldError(form, `${path}.comparator`)}
          />
          <NumberInput
            label={t('schedules.fields.value')}
            clampBehavior="none"
            {...form.getInputProps(`${path}.value`)}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  )
}
