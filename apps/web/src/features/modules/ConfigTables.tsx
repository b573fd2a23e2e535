import { alarmComparators, alarmKey, type DeviceModel, type TemperatureUnit, userUnit } from '@kropla/domain'
import { Card, NativeSelect, NumberInput, Switch, Table, Text, TextInput, Title } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { stackedTableClass, useStackedLabels } from '../../app/ui/use-stacked-labels'
import { translateKey } from '../../lib/translate-key'
import { alarmFieldUnit, labelledInputs, type ModuleFormValues } from './module-form'
import { numberOrNull, shownNumber, UnitSection } from './PropertyFields'

type Form = UseFormReturnType<ModuleFormValues>

function useFieldLabel() {
  const { i18n } = useTranslation()
  return (field: string) => translateKey(i18n, `fields.${field}`, field)
}

/** A number cell of a table: the column header names it visually, the accessible name says which row. */
function NumberCell({ form, name, label, unit }: { form: Form; name: string; label: string; unit?: string }) {
  const { value, onChange: _, ...props } = form.getInputProps(name)
  return (
    <NumberInput
      aria-label={unit ? `${label} (${unit})` : label}
      size="xs"
      miw={90}
      rightSection={unit ? <UnitSection unit={unit} /> : undefined}
      rightSectionWidth={unit ? 40 : undefined}
      {...props}
      value={shownNumber(value)}
      clampBehavior="none"
      onChange={(next) => form.setFieldValue(name, numberOrNull(next) as never)}
    />
  )
}

/**
 * Every input's custom label (max 32) and units (max 16); on AM-600 also the input type, multiplier
 * and the values at the low and high end of the range (spec 02 section 3.5).
 */
export function InputsTable({
  model,
  form,
  temperatureUnit,
}: {
  model: DeviceModel
  form: Form
  temperatureUnit: TemperatureUnit
}) {
  const { t, i18n } = useTranslation()
  const fieldLabel = useFieldLabel()
  const configurable = new Map(model.configurableInputs.map((input) => [input.field, input]))
  const hasConfigurable = configurable.size > 0
  const labelOf = (what: string, field: string) => t('modules.field_of', { what, field: fieldLabel(field) })
  const inputsTable = useRef<HTMLTableElement>(null)
  useStackedLabels(inputsTable)
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h4" mb="sm">
        {t('modules.inputs')}
      </Title>
      <Table.ScrollContainer minWidth={hasConfigurable ? 900 : 480}>
        <Table
          ref={inputsTable}
          className={stackedTableClass}
          verticalSpacing="xs"
          data-testid="inputs-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('modules.input')}</Table.Th>
              <Table.Th>{t('modules.custom_label')}</Table.Th>
              <Table.Th>{t('modules.custom_units')}</Table.Th>
              {hasConfigurable && (
                <>
                  <Table.Th>{t('modules.input_type')}</Table.Th>
                  <Table.Th>{t('modules.multiplier')}</Table.Th>
                  <Table.Th>{t('modules.value_low')}</Table.Th>
                  <Table.Th>{t('modules.value_high')}</Table.Th>
                </>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {labelledInputs(model).map((input) => {
              const path = `config.inputs.${input.name}`
              const options = configurable.get(input.name)
              const inputType = form.getInputProps(`${path}.input_type`)
              return (
                <Table.Tr key={input.name} data-testid={`input-row-${input.name}`}>
                  <Table.Td>
                    <Text size="sm">{fieldLabel(input.name)}</Text>
                    {input.unit && (
                      <Text size="xs" c="dimmed" data-testid={`input-unit-${input.name}`}>
                        {userUnit(input.unit, temperatureUnit)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      miw={140}
                      aria-label={labelOf(t('modules.custom_label'), input.name)}
                      {...form.getInputProps(`${path}.custom_label`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      miw={90}
                      aria-label={labelOf(t('modules.custom_units'), input.name)}
                      {...form.getInputProps(`${path}.custom_units`)}
                    />
                  </Table.Td>
                  {hasConfigurable &&
                    (options ? (
                      <>
                        <Table.Td>
                          <NativeSelect
                            size="xs"
                            miw={160}
                            aria-label={labelOf(t('modules.input_type'), input.name)}
                            {...inputType}
                            value={String(inputType.value ?? 0)}
                            data={options.inputTypes.map((value) => ({
                              value: String(value),
                              label: translateKey(
                                i18n,
                                `input_types.${options.group}.${value}`,
                                String(value),
                              ),
                            }))}
                            onChange={(event) =>
                              form.setFieldValue(
                                `${path}.input_type` as never,
                                Number(event.currentTarget.value) as never,
                              )
                            }
                          />
                        </Table.Td>
                        <Table.Td>
                          <NumberCell
                            form={form}
                            name={`${path}.multiplier`}
                            label={labelOf(t('modules.multiplier'), input.name)}
                          />
                        </Table.Td>
                        <Table.Td>
                          <NumberCell
                            form={form}
                            name={`${path}.value_low`}
                            label={labelOf(t('modules.value_low'), input.name)}
                          />
                        </Table.Td>
                        <Table.Td>
                          <NumberCell
                            form={form}
                            name={`${path}.value_high`}
                            label={labelOf(t('modules.value_high'), input.name)}
                          />
                        </Table.Td>
                      </>
                    ) : (
                      <Table.Td colSpan={4} />
                    ))}
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  )
}

/**
 * Lower-than and higher-than thresholds of the model's alarm fields, each with its active switch and
 * the reading's unit (a temperature in the user's unit: the form holds °F for a Fahrenheit user).
 */
export function ThresholdsTable({
  model,
  form,
  temperatureUnit,
}: {
  model: DeviceModel
  form: Form
  temperatureUnit: TemperatureUnit
}) {
  const { t } = useTranslation()
  const fieldLabel = useFieldLabel()
  const comparatorLabel = { lt: t('modules.lower_than'), gt: t('modules.higher_than') }
  const thresholdsTable = useRef<HTMLTableElement>(null)
  useStackedLabels(thresholdsTable)
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h4">
        {t('modules.alarms')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('modules.alarms_intro')}
      </Text>
      <Table.ScrollContainer minWidth={520}>
        <Table
          ref={thresholdsTable}
          className={stackedTableClass}
          verticalSpacing="xs"
          data-testid="thresholds-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('modules.input')}</Table.Th>
              {alarmComparators.map((comparator) => (
                <Table.Th key={comparator}>{comparatorLabel[comparator]}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {model.alarmFields.map((field) => {
              const unit = userUnit(alarmFieldUnit(model, field), temperatureUnit)
              return (
                <Table.Tr key={field}>
                  <Table.Td>
                    <Text size="sm">{fieldLabel(field)}</Text>
                  </Table.Td>
                  {alarmComparators.map((comparator) => {
                    const path = `config.alarms.${alarmKey(field, comparator)}`
                    const label = t('modules.field_of', {
                      what: comparatorLabel[comparator],
                      field: fieldLabel(field),
                    })
                    return (
                      <Table.Td key={comparator}>
                        <ThresholdCell label={label} form={form} path={path} unit={unit} />
                      </Table.Td>
                    )
                  })}
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  )
}

function ThresholdCell({
  form,
  path,
  label,
  unit,
}: {
  form: Form
  path: string
  label: string
  unit: string
}) {
  const { t } = useTranslation()
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
      <NumberCell form={form} name={`${path}.value`} label={label} unit={unit || undefined} />
      <Switch
        mt={6}
        aria-label={t('modules.field_of', { what: t('modules.active'), field: label })}
        {...form.getInputProps(`${path}.active`, { type: 'checkbox' })}
      />
    </div>
  )
}
