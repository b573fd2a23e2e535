import { manualMinutesSchema } from '@kropla/domain'
import { Group, NumberInput, Switch } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { translateKey } from '../../lib/translate-key'

/** What the user typed in a minutes field: a number, or the text of an unfinished one. */
export type MinutesInput = number | string

/**
 * Checks typed minutes with the shared schema (spec 01 section 5: 'Manual opening minutes must be
 * a number above 0'); permanent opens carry null. Answers the minutes or the catalogue key of the error.
 */
export function checkMinutes(
  input: MinutesInput,
  isPermanent: boolean,
): { minutes: number | null } | { error: string } {
  if (isPermanent) return { minutes: null }
  const candidate = typeof input === 'number' ? input : input.trim() === '' ? undefined : Number(input)
  const parsed = manualMinutesSchema.safeParse(candidate)
  if (parsed.success && parsed.data !== null) return { minutes: parsed.data }
  return { error: parsed.success ? 'errors.manual_minutes_invalid' : (parsed.error.issues[0]?.message ?? '') }
}

/** The minutes field with its "permanently" switch, and the check the open buttons call. */
export function useMinutesChoice(initial: MinutesInput = 10) {
  const [input, setInput] = useState<MinutesInput>(initial)
  const [isPermanent, setPermanent] = useState(false)
  const [error, setError] = useState<string | null>(null)
  return {
    input,
    setInput: (value: MinutesInput) => {
      setInput(value)
      setError(null)
    },
    isPermanent,
    setPermanent: (value: boolean) => {
      setPermanent(value)
      setError(null)
    },
    error,
    /** The minutes to send, or null after showing the error at the field. */
    take(): { minutes: number | null } | null {
      const checked = checkMinutes(input, isPermanent)
      if ('error' in checked) {
        setError(checked.error)
        return null
      }
      return checked
    },
  }
}

export type MinutesChoiceState = ReturnType<typeof useMinutesChoice>

interface MinutesChoiceProps {
  choice: MinutesChoiceState
  /** What the inputs are for: their accessible names say it ("Minutes for Valve north"). */
  subject: string
}

export function MinutesChoice({ choice, subject }: MinutesChoiceProps) {
  const { t, i18n } = useTranslation()
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <NumberInput
        label={t('manual.minutes')}
        aria-label={t('manual.minutes_of', { name: subject })}
        value={choice.input}
        onChange={choice.setInput}
        disabled={choice.isPermanent}
        allowNegative={false}
        w={140}
        size="xs"
        error={choice.error ? translateKey(i18n, choice.error, choice.error) : undefined}
      />
      <Switch
        mt={28}
        size="sm"
        label={t('manual.permanent')}
        aria-label={t('manual.permanent_of', { name: subject })}
        checked={choice.isPermanent}
        onChange={(event) => choice.setPermanent(event.currentTarget.checked)}
      />
    </Group>
  )
}
