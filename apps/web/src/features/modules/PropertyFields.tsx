import { inUserUnit, type PropertyDefinition, type TemperatureUnit, userUnit } from '@kropla/domain'
import { NativeSelect, NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { translateKey } from '../../lib/translate-key'

// biome-ignore lint/suspicious/noExplicitAny: the fields live under a path of any form's values
type AnyForm = UseFormReturnType<any>

interface PropertyFieldsProps {
  definitions: readonly PropertyDefinition[]
  form: AnyForm
  /** The form path the values live under (`properties`). */
  path: string
  /**
   * The unit the user reads temperatures in: a °C setting is labelled (and its bounds said) in °F
   * for a Fahrenheit user, whose form holds it in °F. Absent: the catalogue's units as they are.
   */
  temperatureUnit?: TemperatureUnit
}

/**
 * The settings form of a model, generated from its catalogue definitions: numbers with their
 * bounds and unit, choices as selects, texts. The bounds are not enforced by the inputs: the
 * shared schema says what is wrong, under the field.
 */
export function PropertyFields({ definitions, form, path, temperatureUnit = 'C' }: PropertyFieldsProps) {
  const { i18n } = useTranslation()
  if (definitions.length === 0) return null
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      {definitions.map((definition) => {
        const name = `${path}.${definition.name}`
        const label = translateKey(i18n, `properties.${definition.name}.label`, definition.name)
        const { value, onChange: _, ...props } = form.getInputProps(name)
        if (definition.kind === 'choice')
          return (
            <NativeSelect
              key={name}
              label={label}
              {...props}
              value={String(value ?? definition.default)}
              data={definition.choices.map((choice) => ({
                value: String(choice),
                label: translateKey(i18n, `properties.${definition.name}.options.${choice}`, String(choice)),
              }))}
              onChange={(event) => form.setFieldValue(name, Number(event.currentTarget.value))}
            />
          )
        if (definition.kind === 'text')
          return (
            <TextInput
              key={name}
              label={label}
              {...props}
              value={String(value ?? '')}
              onChange={(event) => form.setFieldValue(name, event.currentTarget.value)}
            />
          )
        const unit = definition.unit ? userUnit(definition.unit, temperatureUnit) : ''
        const bound = (limit: number) =>
          Math.round(inUserUnit(limit, definition.unit ?? '', temperatureUnit).amount * 10) / 10
        const bounds = [
          definition.min === undefined ? null : `min ${bound(definition.min)}${unit ? ` ${unit}` : ''}`,
          definition.max === undefined ? null : `max ${bound(definition.max)}${unit ? ` ${unit}` : ''}`,
        ].filter(Boolean)
        return (
          <NumberInput
            key={name}
            label={unit ? `${label} (${unit})` : label}
            rightSection={unit ? <UnitSection unit={unit} /> : undefined}
            rightSectionWidth={unit ? 48 : undefined}
            description={bounds.length > 0 ? bounds.join(', ') : undefined}
            {...props}
            value={shownNumber(value)}
            clampBehavior="none"
            onChange={(next) => form.setFieldValue(name, numberOrNull(next))}
          />
        )
      })}
    </SimpleGrid>
  )
}

/** A number input's unit, inside it on the right (°C, %, min), so a value never stands without one. */
export function UnitSection({ unit }: { unit: string }) {
  return (
    <Text size="xs" c="dimmed" data-unit={unit} style={{ pointerEvents: 'none', whiteSpace: 'nowrap' }}>
      {unit}
    </Text>
  )
}

/**
 * What a number input shows of a form value: the number, a number half typed ("2." on the way to
 * 2.5, which the input hands over as text until it is whole) as it is, and nothing for null.
 */
export function shownNumber(value: unknown): number | string {
  return typeof value === 'number' || typeof value === 'string' ? value : ''
}

/** What a number field keeps: a number, or null when empty (the schemas then say it is required). */
export function numberOrNull(next: number | string): number | string | null {
  return next === '' ? null : next
}
