import { Group, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

function DropIcon({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="var(--mantine-primary-color-filled)"
        d="M12 2.5c-.3 0-.6.2-.8.4C9.4 5.3 5 11 5 15a7 7 0 0 0 14 0c0-4-4.4-9.7-6.2-12.1a1 1 0 0 0-.8-.4Z"
      />
    </svg>
  )
}

/** `compact` keeps only the drop on narrow phones, where the top panel needs the room for its controls. */
export function Brand({ size = 'md', compact = false }: { size?: 'md' | 'lg'; compact?: boolean }) {
  const { t } = useTranslation()
  return (
    <Group gap={8} wrap="nowrap">
      <DropIcon size={size === 'lg' ? 32 : 26} />
      <Text fw={700} fz={size === 'lg' ? 26 : 20} lh={1} visibleFrom={compact ? 'xs' : undefined}>
        {t('app.name')}
      </Text>
    </Group>
  )
}
