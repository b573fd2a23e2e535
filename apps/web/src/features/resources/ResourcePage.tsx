import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../app/ui/PageFrame'

interface ResourcePageProps {
  title: string
  intro?: string
  /** The list a detail page returns to. */
  backTo?: string
  actions?: ReactNode
  children: ReactNode
}

/** The frame of a resource screen: the way back to its list (detail pages), a title, the actions. */
export function ResourcePage({ backTo, ...frame }: ResourcePageProps) {
  const { t } = useTranslation()
  return (
    <PageFrame
      {...frame}
      maxWidth={960}
      back={backTo ? { to: backTo, label: t('resources.back') } : undefined}
    />
  )
}
