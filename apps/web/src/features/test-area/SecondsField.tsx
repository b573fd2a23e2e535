import { testSecondsMax, testSecondsMin, testSecondsSchema } from '@kropla/domain'
import { NumberInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

/** The seconds a test opens each output, checked with the schema the server checks it with. */
export function useSeconds(initial = 5) {
  const [input, setInput] = useState<number | string>(initial)
  const [error, setError] = useState<string | null>(null)
  return {
    input,
    error,
    setInput: (value: number | string) => {
      setInput(value)
      setError(null)
    },
    /** The seconds to send, or null after showing the error at the field. */
    take(): number | null {
      const candidate = typeof input === 'number' ? input : input.trim() === '' ? undefined : Number(input)
      const parsed = testSecondsSchema.safeParse(candidate)
      if (parsed.success) return parsed.data
      setError(parsed.error.issues[0]?.message ?? 'errors.test_seconds_range')
      return null
    },
  }
}
export type SecondsState = ReturnType<typeof useSeconds>

export function SecondsField({ seconds }: { seconds: SecondsState }) {
  const { t } = useTranslation()
  return (
    <NumberInput
      label={t('test_area.seconds')}
      description={t('test_area.seconds_hint')}
      value={seconds.input}
      onChange={seconds.setInput}
      min={testSecondsMin}
      max={testSecondsMax}
      allowDecimal={false}
      suffix={` ${t('test_area.seconds_unit')}`}
      error={seconds.error ? t(seconds.error as never) : undefined}
      w={{ base: '100%', xs: 220 }}
      data-testid="test-seconds"
    />
  )
}
