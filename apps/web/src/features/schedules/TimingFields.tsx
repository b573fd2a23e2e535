import { type CycleStarts, isIntervalType, type ScheduleRule } from '@kropla/domain'
import {
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { FarmZoneNote } from '../farm-zone/FarmZoneNote'
import { useFarmZones } from '../farm-zone/use-farm-zones'
import { fieldError } from '../resources/field-error'
import { type CardProps, memoCard } from './memo-card'
import { defaultRule, defaultStarts, type ScheduleForm } from './schedule-form'
import { todayIn, weekdayNames } from './schedule-text'

const weekdays = [1, 2, 3, 4, 5, 6, 7] as const

/** Whole minutes or days: typed values are kept as they are, so the shared schema says what is wrong. */
const wholeNumber = { allowDecimal: false, clampBehavior: 'none', min: 0 } as const

/** When the schedule runs: on which days, when its cycles start, how long a cycle is. */
export const TimingFields = memoCard(function TimingFields({ form }: CardProps) {
  const { t } = useTranslation()
  const { type, definition, begin_date } = form.getValues()
  const { rule, starts } = definition
  const zones = useFarmZones()
  const typedTimes = (starts.kind === 'every' ? [starts.start_time] : starts.times).filter((time) =>
    /^\d{2}:\d{2}$/.test(time),
  )
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={4}>{t('schedules.wizard.timing')}</Title>
        <Radio.Group
          label={t('schedules.fields.rule')}
          name="definition.rule.kind"
          value={rule.kind}
          onChange={(kind) =>
            form.setFieldValue('definition.rule', defaultRule(kind as ScheduleRule['kind']))
          }
          error={fieldError(form, 'definition.rule')}
        >
          <Group gap="lg" mt={4}>
            <Radio value="weekdays" label={t('schedules.fields.rule_kinds.weekdays')} />
            <Radio value="every_n_days" label={t('schedules.fields.rule_kinds.every_n_days')} />
          </Group>
        </Radio.Group>
        {rule.kind === 'weekdays' ? (
          <Checkbox.Group
            label={t('schedules.fields.weekdays')}
            name="definition.rule.days"
            value={rule.days.map(String)}
            onChange={(days) =>
              form.setFieldValue(
                'definition.rule.days',
                days.map(Number).sort((a, b) => a - b),
              )
            }
            error={fieldError(form, 'definition.rule.days')}
          >
            <Group gap="md" mt={4}>
              {weekdays.map((day) => (
                <Checkbox
                  key={day}
                  value={String(day)}
                  label={t(`schedules.weekdays.${weekdayNames[day - 1] ?? 'mon'}`)}
                />
              ))}
            </Group>
          </Checkbox.Group>
        ) : (
          <NumberInput
            label={t('schedules.fields.every_n_days')}
            {...wholeNumber}
            {...form.getInputProps('definition.rule.n')}
          />
        )}

        <Radio.Group
          label={t('schedules.fields.starts')}
          name="definition.starts.kind"
          value={starts.kind}
          onChange={(kind) =>
            form.setFieldValue('definition.starts', defaultStarts(kind as CycleStarts['kind'], starts))
          }
          error={fieldError(form, 'definition.starts')}
        >
          <Group gap="lg" mt={4}>
            <Radio value="every" label={t('schedules.fields.starts_kinds.every')} />
            {/* An interval schedule counts each next cycle from the end of the previous one. */}
            <Radio
              value="hours"
              label={t('schedules.fields.starts_kinds.hours')}
              disabled={isIntervalType(type)}
            />
          </Group>
        </Radio.Group>
        {starts.kind === 'every' ? (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <TextInput
              type="time"
              label={t('schedules.fields.start_time')}
              {...form.getInputProps('definition.starts.start_time')}
            />
            <NumberInput
              label={t('schedules.fields.cycle_count')}
              {...wholeNumber}
              {...form.getInputProps('definition.starts.count')}
            />
            <NumberInput
              label={t(
                isIntervalType(type) ? 'schedules.fields.pause_minutes' : 'schedules.fields.every_minutes',
              )}
              {...wholeNumber}
              {...form.getInputProps('definition.starts.every_minutes')}
            />
          </SimpleGrid>
        ) : (
          <CycleHours form={form} times={starts.times} />
        )}
        <FarmZoneNote
          zones={zones}
          testId="timing-zone"
          typed={{
            day: begin_date > todayIn(zones.farm) ? begin_date : todayIn(zones.farm),
            times: typedTimes,
          }}
        />
        <NumberInput
          label={t('schedules.fields.cycle_minutes')}
          maw={260}
          {...wholeNumber}
          {...form.getInputProps('definition.cycle_minutes')}
        />
      </Stack>
    </Card>
  )
})

/** Explicit cycle hours: one time input per cycle, added and removed by the user. */
function CycleHours({ form, times }: { form: ScheduleForm; times: string[] }) {
  const { t } = useTranslation()
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
        {times.map((_, index) => {
          const n = index + 1
          return (
            <Group key={n} gap={4} align="flex-end" wrap="nowrap">
              <TextInput
                type="time"
                label={t('schedules.fields.cycle_time', { n })}
                style={{ flex: 1 }}
                {...form.getInputProps(`definition.starts.times.${index}`)}
              />
              {times.length > 1 && (
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  px={6}
                  aria-label={t('schedules.fields.remove_time', { n })}
                  onClick={() => form.removeListItem('definition.starts.times', index)}
                >
                  ✕
                </Button>
              )}
            </Group>
          )
        })}
      </SimpleGrid>
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        onClick={() => form.insertListItem('definition.starts.times', anHourAfter(times.at(-1) ?? '05:00'))}
      >
        {t('schedules.fields.add_time')}
      </Button>
    </Stack>
  )
}

/** The hour after `HH:mm` (a new cycle hour starts there, so it does not begin on top of the last one). */
function anHourAfter(time: string): string {
  const minutes = /^\d{2}:\d{2}$/.test(time) ? Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) : 300
  const next = (minutes + 60) % 1440
  return `${String(Math.floor(next / 60)).padStart(2, '0')}:${String(next % 60).padStart(2, '0')}`
}
