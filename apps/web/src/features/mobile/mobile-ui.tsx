import { compassPoint, normalizeDegrees } from '@kropla/domain'
import { Alert, Text } from '@mantine/core'
import type { i18n as I18n, TFunction } from 'i18next'
import { type ReactNode, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../app/ui/PageFrame'
import { type BrowserScope, browserScope, type MobileFeatureKey, type Support } from './mobile-features'

/** A /mobile screen's frame: its title and what it does, the way back to the list of features. */
export function MobileFrame({
  feature,
  maxWidth = 720,
  children,
}: {
  feature: MobileFeatureKey
  maxWidth?: number
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <PageFrame
      title={t(`nav.${feature}`)}
      intro={t(`mobile.about.${feature}`)}
      back={{ to: '/mobile', label: t('mobile.all_features') }}
      maxWidth={maxWidth}
    >
      {children}
    </PageFrame>
  )
}

/** How this browser supports a feature, asked once per screen. */
export function useSupport(detect: (scope: BrowserScope) => Support): Support {
  return useMemo(() => detect(browserScope()), [detect])
}

/** Says plainly what is missing: nothing when everything works. */
export function SupportNotice({ support }: { support: Support }) {
  const { t } = useTranslation()
  if (support.level === 'supported') return null
  const reason = support.reason ? t(`mobile.reason.${support.reason}`) : ''
  return (
    <Alert
      color={support.level === 'unsupported' ? 'orange' : 'yellow'}
      variant="light"
      title={support.level === 'unsupported' ? t('mobile.not_available') : t('mobile.level.limited')}
      data-testid="support-notice"
      data-support={support.level}
    >
      {reason}
    </Alert>
  )
}

/** A distance with its unit: whole metres below 1 km, then kilometres to 0.1 (0.01 below 10 km). */
export function formatDistance(t: TFunction, language: string, metres: number): string {
  if (metres < 1000)
    return t('mobile.distance_m', {
      value: new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(metres),
    })
  const km = metres / 1000
  const digits = km < 10 ? 2 : 1
  return t('mobile.distance_km', {
    value: new Intl.NumberFormat(language, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(km),
  })
}

/** A bearing in whole degrees with the nearest compass point: "47° NE". */
export function formatBearing(t: TFunction, bearingDeg: number): string {
  const degrees = Math.round(normalizeDegrees(bearingDeg)) % 360
  return t('mobile.bearing', { degrees, point: t(`mobile.point.${compassPoint(bearingDeg)}`) })
}

/** Coordinates to six decimals (about 0.1 m) in the user's language. */
export function formatCoordinate(i18n: I18n, degrees: number): string {
  return new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 6, maximumFractionDigits: 6 }).format(
    degrees,
  )
}

/** Where the phone is, or why that is not known. */
export function PositionLine({
  status,
  fix,
}: {
  status: 'waiting' | 'ok' | 'denied' | 'unavailable'
  fix: { lat: number; lng: number; accuracyM: number } | null
}) {
  const { t, i18n } = useTranslation()
  if (status === 'denied' || status === 'unavailable')
    return (
      <Alert color="orange" variant="light" data-testid="position-status" data-status={status}>
        {t(status === 'denied' ? 'mobile.position_denied' : 'mobile.position_unavailable')}
      </Alert>
    )
  if (!fix)
    return (
      <Text size="sm" c="dimmed" data-testid="position-status" data-status="waiting" aria-busy="true">
        {t('mobile.position_waiting')}
      </Text>
    )
  return (
    <Text size="sm" data-testid="position-status" data-status="ok">
      {t('mobile.position', {
        lat: formatCoordinate(i18n, fix.lat),
        lon: formatCoordinate(i18n, fix.lng),
        accuracy: Math.round(fix.accuracyM),
      })}
    </Text>
  )
}
