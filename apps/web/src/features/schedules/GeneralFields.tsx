import { automaticScheduleTypes } from '@kropla/domain'
import { Card, SimpleGrid, Stack, TextInput, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { fieldError } from '../resources/field-error'
import { ChoiceSelect } from '../resources/form-inputs'
import { type CardProps, memoCard } from './memo-card'
import { valuesForType } from './schedule-form'
import { priorityNames, typeNameOf } from './schedule-text'

/** Name, type, priority and the days the schedule is valid. */
export const GeneralFields = memoCard(function GeneralFields({ form }: CardProps) {
  const { t } = useTranslation()
  const values = form.getValues()
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={4}>{t('schedules.wizard.general')}</Title>
        <TextInput
          label={t('schedules.fields.name')}
          required
          data-autofocus
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <ChoiceSelect
            label={t('schedules.fields.type')}
            name="type"
            value={values.type}
            options={automaticScheduleTypes.map((type) => ({
              value: type,
              label: t(`schedules.types.${typeNameOf(type) ?? 'sequential'}`),
            }))}
            onChange={(type) => {
              if (type === null) return
              form.setValues({ type, definition: valuesForType(form.getValues(), type) })
            }}
            error={fieldError(form, 'type')}
          />
          <ChoiceSelect
            label={t('schedules.fields.priority')}
            name="priority"
            value={values.priority}
            options={([0, 1] as const).map((priority) => ({
              value: priority,
              label: t(`schedules.priorities.${priorityNames[priority]}`),
            }))}
            onChange={(priority) => {
              if (priority !== null) form.setFieldValue('priority', priority)
            }}
            error={fieldError(form, 'priority')}
          />
          <TextInput
            type="date"
            label={t('schedules.fields.begin_date')}
            required
            {...form.getInputProps('begin_date')}
          />
          <TextInput
            type="date"
            label={t('schedules.fields.expiration_date')}
            {...form.getInputProps('expiration_date')}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  )
})
