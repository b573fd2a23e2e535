import type { PropertyDefinition } from '@kropla/domain'
import { NativeSelect, NumberInput, SimpleGrid, TextInput } from '@mantine/core'
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
}

/**
 * The settings form of a model, generated from its catalogue definitions: numbers with their
 * bounds and unit, choices as selects, texts. The bounds are not enforced by the inputs: the
 * shared schema says what is wrong, under the field.
 */
export function PropertyFields({ definitions, form, path }: PropertyFieldsProps) {
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
        const bounds = [
          definition.min === undefined ? null : `min ${definition.min}`,
          definition.max === undefined ? null : `max ${definition.max}`,
        ].filter(Boolean)
        return (
          <NumberInput
            key={name}
            label={definition.unit ? `${label} (${definition.unit})` : label}
            description={bounds.length > 0 ? bounds.join(', ') : undefined}
            {...props}
            value={typeof value === 'number' ? value : ''}
            clampBehavior="none"
            onChange={(next) => form.setFieldValue(name, numberOrNull(next))}
          />
        )
      })}
    </SimpleGrid>
  )
}

/** What a number field keeps: a number, or null when empty (the schemas then say it is required). */
export function numberOrNull(next: number | string): number | string | null {
  return next === '' ? null : next
}
