import { cycleCount, type Fertigation, scheduleLimits } from '@kropla/domain'
import { Card, Checkbox, Group, NumberInput, Stack, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { fieldError } from '../resources/field-error'
import { ChoiceSelect } from '../resources/form-inputs'
import { type CardProps, memoCard } from './memo-card'
import { defaultFertigation } from './schedule-form'

const kinds: readonly Fertigation['kind'][] = ['none', 'every_n_days', 'every_n_cycles', 'cycles']

/** Fertigation of an irrigation schedule: none, every N days, every N cycles, or given cycle numbers. */
export const FertigationFields = memoCard(function FertigationFields({ form }: CardProps) {
  const { t } = useTranslation()
  const { definition } = form.getValues()
  const { fertigation } = definition
  // While the number of cycles is being typed it may not be a number yet: offer at least the first.
  // A chosen cycle beyond the count stays on offer, so it can be unticked (the schema says it is wrong).
  const chosen = fertigation.kind === 'cycles' ? fertigation.cycles : []
  const cycles = Math.min(
    scheduleLimits.maxCycles,
    Math.max(1, Number(cycleCount(definition.starts)) || 1, ...chosen),
  )
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={4}>{t('schedules.fields.fertigation')}</Title>
        <ChoiceSelect
          label={t('schedules.fields.fertigation')}
          name="definition.fertigation.kind"
          value={fertigation.kind}
          options={kinds.map((kind) => ({
            value: kind,
            label: t(`schedules.fields.fertigation_kinds.${kind}`),
          }))}
          onChange={(kind) => {
            if (kind !== null) form.setFieldValue('definition.fertigation', defaultFertigation(kind))
          }}
          error={fieldError(form, 'definition.fertigation')}
        />
        {(fertigation.kind === 'every_n_days' || fertigation.kind === 'every_n_cycles') && (
          <NumberInput
            label={t(
              fertigation.kind === 'every_n_days'
                ? 'schedules.fields.fertigation_days'
                : 'schedules.fields.fertigation_cycles_n',
            )}
            maw={260}
            allowDecimal={false}
            clampBehavior="none"
            min={1}
            {...form.getInputProps('definition.fertigation.n')}
          />
        )}
        {fertigation.kind === 'cycles' && (
          <Checkbox.Group
            label={t('schedules.fields.fertigation_cycles')}
            name="definition.fertigation.cycles"
            value={fertigation.cycles.map(String)}
            onChange={(chosen) =>
              form.setFieldValue(
                'definition.fertigation.cycles',
                chosen.map(Number).sort((a, b) => a - b),
              )
            }
            error={fieldError(form, 'definition.fertigation.cycles')}
          >
            <Group gap="md" mt={4}>
              {Array.from({ length: cycles }, (_, index) => index + 1).map((n) => (
                <Checkbox key={n} value={String(n)} label={t('schedules.fields.cycle_n', { n })} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
      </Stack>
    </Card>
  )
})
