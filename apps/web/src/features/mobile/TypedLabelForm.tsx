import type { ModuleLabelTarget } from '@kropla/domain'
import { parseLabelTarget } from '@kropla/domain'
import { Button, Group, Stack, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

/** A typed serial number (`AIR-0002`) or label text (`KROPLA:AIR-0002:1234`) as a scanned one. */
export function typedTarget(text: string): ModuleLabelTarget | null {
  const trimmed = text.trim()
  if (/^[A-Za-z0-9_-]{3,40}$/.test(trimmed)) return { kind: 'label', serial: trimmed, pin: null }
  return parseLabelTarget(trimmed, window.location.origin)
}

/** The fallback of every scanning screen: type what the tag or the label says. */
export function TypedLabelForm({ onTarget }: { onTarget: (target: ModuleLabelTarget) => void }) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const target = typedTarget(text)
        setError(target ? null : t('mobile_devices.typed_unknown'))
        if (target) onTarget(target)
      }}
    >
      <Stack gap="xs">
        <TextInput
          label={t('mobile_devices.typed_label')}
          description={t('mobile_devices.typed_hint')}
          autoComplete="off"
          autoCapitalize="characters"
          value={text}
          error={error}
          onChange={(event) => setText(event.currentTarget.value)}
          data-testid="typed-label"
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light">
            {t('mobile_devices.typed_open')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
