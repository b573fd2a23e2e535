import { Alert } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../app/ui/PageFrame'
import type { Support } from './device-support'
import { SupportNotice } from './SupportNotice'

/**
 * The frame of a device screen of the mobile menu (NFC, codes, Bluetooth, notifications): back to
 * the menu, the notice when the browser lacks the feature, and the screen's problem when it has one.
 */
export function DeviceScreenFrame({
  title,
  intro,
  support,
  unsupportedKey,
  unsupportedTestId,
  problem = null,
  problemTestId,
  children,
}: {
  title: string
  intro: string
  support: Support
  unsupportedKey: 'nfc_unsupported' | 'boxs_unsupported' | 'bluetooth_unsupported' | 'fcm_unsupported'
  unsupportedTestId: string
  problem?: string | null
  problemTestId?: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <PageFrame title={title} intro={intro} back={{ to: '/mobile', label: t('nav.mobile') }} maxWidth={640}>
      <SupportNotice support={support} unsupportedKey={unsupportedKey} testId={unsupportedTestId} />
      {problem && (
        <Alert color="red" variant="light" data-testid={problemTestId}>
          {problem}
        </Alert>
      )}
      {children}
    </PageFrame>
  )
}
