import type { PropertyDefinition } from '@kropla/domain'
import { NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { translateKey } from '../../lib/translate-key'
import { ChoiceSelect } from '../resources/form-inputs'

interface PropertyFieldsProps<Values extends { properties: Record<string, unknown> }> {
  form: UseFormReturnType<Values>
  definitions: readonly PropertyDefinition[]
  empty: string
}

/**
 * The settings of one equipment type, built from the catalogue's definitions (spec 02 sections 3.4
 * and 3.6): numbers with their bounds and unit, choices by their labels, text with its length.
 * Labels `properties.<name>.label`, choices `properties.<name>.options.<value>`.
 */
export function PropertyFields<Values extends { properties: Record<string, unknown> }>({
  form,
  definitions,
  empty,
}: PropertyFieldsProps<Values>) {
  const { i18n } = useTranslation()
  if (definitions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    )
  const labelOf = (name: string) => translateKey(i18n, `properties.${name}.label`, name)
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" data-testid="property-fields">
      {definitions.map((definition) => {
        const path = `properties.${definition.name}`
        const input = form.getInputProps(path)
        switch (definition.kind) {
          case 'number':
            return (
              <NumberInput
                key={path}
                label={labelOf(definition.name)}
                min={definition.min}
                max={definition.max}
                rightSection={
                  definition.unit ? (
                    <Text size="xs" c="dimmed">
                      {definition.unit}
                    </Text>
                  ) : undefined
                }
                rightSectionWidth={definition.unit ? 48 : undefined}
                clampBehavior="none"
                {...input}
              />
            )
          case 'choice':
            return (
              <ChoiceSelect
                key={path}
                label={labelOf(definition.name)}
                name={path}
                value={input.value as number | null}
                options={definition.choices.map((choice) => ({
                  value: choice,
                  label: translateKey(
                    i18n,
                    `properties.${definition.name}.options.${choice}`,
                    String(choice),
                  ),
                }))}
                onChange={(value) => form.setFieldValue(path, value as never)}
                error={input.error as string | undefined}
              />
            )
          default:
            return (
              <TextInput
                key={path}
                label={labelOf(definition.name)}
                maxLength={definition.maxLength}
                {...input}
              />
            )
        }
      })}
    </SimpleGrid>
  )
}
