import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../app/ui/PageFrame'

interface SettingsPageProps {
  title: string
  intro?: string
  actions?: ReactNode
  children: ReactNode
}

/** The frame of a settings screen: the way back to /settings (the spec's default back target), a title. */
export function SettingsPage(frame: SettingsPageProps) {
  const { t } = useTranslation()
  return <PageFrame {...frame} maxWidth={880} back={{ to: '/settings', label: t('settings.back') }} />
}
