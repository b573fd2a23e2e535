import {
  isControlType,
  type Output,
  type Group as OutputGroup,
  type ScheduleElement,
  type Section,
} from '@kropla/domain'
import {
  ActionIcon,
  Badge,
  Card,
  Group,
  Input,
  NumberInput,
  SimpleGrid,
  Slider,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { FullText } from '../../app/ui/FullText'
import { fieldError } from '../resources/field-error'
import { IdChecklist } from '../resources/form-inputs'
import { type CardProps, memoCard } from './memo-card'
import type { ScheduleForm } from './schedule-form'

export interface ElementChoices {
  sections: Section[]
  /** Outputs (equipment of the `output` kind): the spec's devices. */
  outputs: Output[]
  /** Groups of outputs. */
  groups: OutputGroup[]
}

type Kind = ScheduleElement['kind']

/** Keeps the chosen elements' order: unticked ones leave, newly ticked ones join at the end at 100 %. */
export function withChosen(elements: ScheduleElement[], kind: Kind, ids: number[]): ScheduleElement[] {
  const kept = elements.filter((element) => element.kind !== kind || ids.includes(element.id))
  const added = ids
    .filter((id) => !elements.some((element) => element.kind === kind && element.id === id))
    .map((id) => ({ kind, id, percent: 100 }))
  return [...kept, ...added]
}

/** Whole minutes an element runs: the cycle length times its slider. */
const minutesOf = (cycleMinutes: unknown, percent: unknown) =>
  Math.round(((Number(cycleMinutes) || 0) * (Number(percent) || 0)) / 100)

/** What the schedule waters or drives, in order, each with its slider (percent of the cycle length). */
export const ElementsFields = memoCard(function ElementsFields({
  form,
  choices,
}: CardProps & { choices: ElementChoices }) {
  const { t } = useTranslation()
  const { type, definition } = form.getValues()
  const { elements } = definition
  const names: Record<Kind, Map<number, string>> = {
    section: new Map(choices.sections.map((row) => [row.id, row.name])),
    output: new Map(choices.outputs.map((row) => [row.id, row.name])),
    group: new Map(choices.groups.map((row) => [row.id, row.name])),
  }
  const nameOf = (element: ScheduleElement) => names[element.kind].get(element.id) ?? `#${element.id}`
  const idsOf = (kind: Kind) =>
    elements.filter((element) => element.kind === kind).map((element) => element.id)
  const choose = (kind: Kind) => (ids: number[]) =>
    form.setFieldValue('definition.elements', withChosen(form.getValues().definition.elements, kind, ids))
  const none = t('schedules.fields.none_available')
  const pickers: { kind: Kind; label: string; rows: { id: number; name: string }[] }[] = [
    // Control schedules drive outputs, not irrigation zones.
    ...(isControlType(type)
      ? []
      : [{ kind: 'section' as const, label: t('schedules.fields.sections'), rows: choices.sections }]),
    { kind: 'output', label: t('schedules.fields.devices'), rows: choices.outputs },
    { kind: 'group', label: t('schedules.fields.groups'), rows: choices.groups },
  ]

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={4}>{t('schedules.fields.elements')}</Title>
        <Input.Wrapper
          description={t('schedules.fields.elements_intro')}
          error={fieldError(form, 'definition.elements')}
          data-testid="elements-field"
        >
          <SimpleGrid cols={{ base: 1, sm: pickers.length }} spacing="md" mt="xs">
            {pickers.map((picker) => (
              <IdChecklist
                key={picker.kind}
                label={picker.label}
                name={`elements.${picker.kind}`}
                value={idsOf(picker.kind)}
                options={picker.rows.map((row) => ({ value: row.id, label: row.name }))}
                onChange={choose(picker.kind)}
                empty={none}
              />
            ))}
          </SimpleGrid>
        </Input.Wrapper>
        {elements.length > 0 && (
          <Stack gap="xs" role="list" aria-label={t('schedules.fields.chosen')}>
            <Text size="sm" fw={500}>
              {t('schedules.fields.chosen')}
            </Text>
            {elements.map((element, index) => (
              <ElementRow
                key={`${element.kind}-${element.id}`}
                form={form}
                index={index}
                count={elements.length}
                name={nameOf(element)}
                kindLabel={pickers.find((picker) => picker.kind === element.kind)?.label ?? element.kind}
                minutes={minutesOf(definition.cycle_minutes, element.percent)}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  )
})

interface ElementRowProps {
  form: ScheduleForm
  index: number
  count: number
  name: string
  kindLabel: string
  minutes: number
}

function ElementRow({ form, index, count, name, kindLabel, minutes }: ElementRowProps) {
  const { t } = useTranslation()
  const path = `definition.elements.${index}`
  const percent = form.getValues().definition.elements[index]?.percent
  const label = t('schedules.fields.element_percent', { name })
  return (
    <Card withBorder radius="sm" padding="xs" role="listitem" aria-label={name}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Badge variant="light" size="sm">
              {kindLabel}
            </Badge>
            <FullText text={name}>
              <Text size="sm" fw={500} truncate>
                {name}
              </Text>
            </FullText>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Text size="sm" data-testid="element-minutes" miw={64} ta="right">
              {t('schedules.fields.element_minutes', { minutes })}
            </Text>
            <ActionIcon
              variant="subtle"
              aria-label={t('schedules.fields.move_up', { name })}
              disabled={index === 0}
              onClick={() => form.reorderListItem('definition.elements', { from: index, to: index - 1 })}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('schedules.fields.move_down', { name })}
              disabled={index === count - 1}
              onClick={() => form.reorderListItem('definition.elements', { from: index, to: index + 1 })}
            >
              ↓
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('schedules.fields.remove_element', { name })}
              onClick={() => form.removeListItem('definition.elements', index)}
            >
              ✕
            </ActionIcon>
          </Group>
        </Group>
        <Group gap="md" align="center" wrap="nowrap">
          <Slider
            style={{ flex: 1 }}
            min={0}
            max={200}
            step={5}
            value={Number(percent) || 0}
            onChange={(value) => form.setFieldValue(`${path}.percent`, value)}
            thumbLabel={label}
            label={(value) => `${value} %`}
            marks={[{ value: 0 }, { value: 100 }, { value: 200 }]}
          />
          <NumberInput
            w={110}
            aria-label={label}
            allowDecimal={false}
            clampBehavior="none"
            min={0}
            max={200}
            {...form.getInputProps(`${path}.percent`)}
            error={fieldError(form, path)}
          />
        </Group>
      </Stack>
    </Card>
  )
}
