import { Alert } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Support } from './device-support'

/** Says plainly that this browser lacks a feature (or offers it only on https:); nothing when it has it. */
export function SupportNotice({
  support,
  unsupportedKey,
  testId,
}: {
  support: Support
  /** `mobile_devices.<key>`: what is missing and what to do instead. */
  unsupportedKey: 'nfc_unsupported' | 'boxs_unsupported' | 'bluetooth_unsupported' | 'fcm_unsupported'
  testId: string
}) {
  const { t } = useTranslation()
  if (support === 'supported') return null
  return (
    <Alert color="yellow" variant="light" data-testid={testId} role="status">
      {t(support === 'insecure' ? 'mobile_devices.insecure' : `mobile_devices.${unsupportedKey}`)}
    </Alert>
  )
}
