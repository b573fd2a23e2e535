import { Checkbox, NativeSelect, ScrollArea, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

export interface Option<Value> {
  value: Value
  label: string
}

interface ChoiceSelectProps<Value extends string | number> {
  label: string
  name: string
  value: Value | null | ''
  options: readonly Option<Value>[]
  onChange: (value: Value | null) => void
  /** The first, empty entry ("None", "Choose…"); without it a value must be chosen. */
  emptyLabel?: string
  error?: ReactNode
  disabled?: boolean
}

/**
 * A native select over numbers or strings: the browser's own list, which keyboards, screen readers
 * and browser journeys all operate the same way. The empty entry stands for null.
 */
export function ChoiceSelect<Value extends string | number>({
  label,
  name,
  value,
  options,
  onChange,
  emptyLabel,
  error,
  disabled,
}: ChoiceSelectProps<Value>) {
  const data = [
    ...(emptyLabel !== undefined ? [{ value: '', label: emptyLabel }] : []),
    ...options.map((option) => ({ value: String(option.value), label: option.label })),
  ]
  return (
    <NativeSelect
      label={label}
      name={name}
      data={data}
      value={value === null ? '' : String(value)}
      error={error}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
      onChange={(event) => {
        const raw = event.currentTarget.value
        const chosen = options.find((option) => String(option.value) === raw)
        onChange(chosen ? chosen.value : null)
      }}
    />
  )
}

interface IdChecklistProps {
  label: string
  name: string
  value: readonly number[]
  options: readonly Option<number>[]
  onChange: (ids: number[]) => void
  empty: string
  error?: ReactNode
}

/** A multi-select as a labelled group of checkboxes, one per element (every element visible). */
export function IdChecklist({ label, name, value, options, onChange, empty, error }: IdChecklistProps) {
  return (
    <Checkbox.Group
      label={label}
      name={name}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      error={error}
    >
      {options.length === 0 ? (
        <Text size="sm" c="dimmed" mt={4}>
          {empty}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={240} mt={6} type="auto">
          <Stack gap={6}>
            {options.map((option) => (
              <Checkbox key={option.value} value={String(option.value)} label={option.label} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Checkbox.Group>
  )
}
