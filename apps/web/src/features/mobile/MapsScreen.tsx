import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { topPanelHeight } from '../../lib/constants'
import { FarmMap } from '../map/FarmMap'
import type { GpsFix } from '../map/gps'
import { clearTiles, createTileStore, type TileUsage, tileCapBytes, tileUsage } from '../map/tile-cache'
import { MyPosition } from './MyPosition'
import { detectGeolocation, detectMaps } from './mobile-features'
import { SupportNotice, useSupport } from './mobile-ui'
import { usePosition } from './use-position'

const megabytes = (bytes: number) => bytes / (1024 * 1024)

/**
 * /mobile/maps (issue 16 item 12): the farm map for a phone in the field. It fills the window (or
 * the whole screen, Fullscreen API), follows you (GPS after 1 s, then every 5 s; dragging the map
 * stops following), draws markers half as large again, and keeps the tiles you viewed for offline
 * use in the page's Cache Storage (map/tile-cache.ts; the service worker is left to the app shell).
 */
export function MapsScreen() {
  const { t, i18n } = useTranslation()
  const maps = useSupport(detectMaps)
  const geolocation = useSupport(detectGeolocation)
  const hasPosition = geolocation.level === 'supported'
  const [follow, setFollow] = useState(hasPosition)
  const position = usePosition(hasPosition)
  // Where the map opens when the first fix comes before the farm is drawn (MyPosition moves it after).
  const [firstFix, setFirstFix] = useState<GpsFix | null>(null)
  if (position.fix && !firstFix) setFirstFix(position.fix)
  const [usage, setUsage] = useState<TileUsage | null>(null)
  const readUsage = useCallback(() => {
    void tileUsage()
      .then(setUsage)
      .catch(() => setUsage(null))
  }, [])
  const usageTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const tileStore = useMemo(
    () =>
      maps.level === 'supported'
        ? createTileStore({
            // Many tiles arrive at once: the usage is read once they have settled.
            onChange: () => {
              clearTimeout(usageTimer.current)
              usageTimer.current = setTimeout(readUsage, 500)
            },
          })
        : null,
    [maps.level, readUsage],
  )
  useEffect(() => {
    readUsage()
    return () => clearTimeout(usageTimer.current)
  }, [readUsage])

  const frame = useRef<HTMLDivElement>(null)
  const [isFullScreen, setFullScreen] = useState(false)
  const canFullScreen = typeof document !== 'undefined' && document.fullscreenEnabled === true
  useEffect(() => {
    const changed = () => setFullScreen(document.fullscreenElement === frame.current)
    document.addEventListener('fullscreenchange', changed)
    return () => document.removeEventListener('fullscreenchange', changed)
  }, [])
  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined)
    else void frame.current?.requestFullscreen().catch(() => undefined)
  }

  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 })
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Title order={2}>{t('nav.maps')}</Title>
        <Anchor component={Link} to="/mobile" size="sm">
          ← {t('mobile.all_features')}
        </Anchor>
      </Group>
      <SupportNotice support={maps} />
      <Paper
        ref={frame}
        withBorder
        radius="md"
        style={{
          overflow: 'hidden',
          position: 'relative',
          height: `max(320px, calc(100dvh - ${topPanelHeight}px - 150px))`,
        }}
        data-testid="field-map"
        data-following={follow && hasPosition ? 'true' : 'false'}
        data-position={position.fix ? 'true' : 'false'}
      >
        <FarmMap height="100%" readOnly tileStore={tileStore} className="kropla-map-large" focus={firstFix}>
          <MyPosition
            fix={position.fix}
            centreOnFirst
            follow={follow && hasPosition}
            onFollowEnd={() => setFollow(false)}
          />
        </FarmMap>
        {/* Beside the map, not in it: the buttons are there before the map has loaded. */}
        <Stack gap={8} style={{ position: 'absolute', top: 10, right: 10, zIndex: 1000 }} align="flex-end">
          <Button
            size="md"
            variant={follow && hasPosition ? 'filled' : 'white'}
            disabled={!hasPosition}
            onClick={() => setFollow((now) => !now)}
            aria-pressed={follow && hasPosition}
            data-testid="follow-me"
          >
            {follow && hasPosition ? t('mobile_maps.following') : t('mobile_maps.follow')}
          </Button>
          {canFullScreen && (
            <Button size="md" variant="white" onClick={toggleFullScreen} data-testid="full-screen">
              {isFullScreen ? t('mobile_maps.exit_full_screen') : t('mobile_maps.full_screen')}
            </Button>
          )}
        </Stack>
      </Paper>
      {!hasPosition && geolocation.reason && (
        <Text size="sm" c="dimmed" data-testid="follow-unavailable">
          {t('mobile_maps.follow')}: {t(`mobile.reason.${geolocation.reason}`)}
        </Text>
      )}
      {hasPosition && (position.status === 'denied' || position.status === 'unavailable') && (
        <Text size="sm" c="orange.9" data-testid="follow-unavailable">
          {t(position.status === 'denied' ? 'mobile.position_denied' : 'mobile.position_unavailable')}
        </Text>
      )}
      {tileStore && (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed" data-testid="tile-usage" data-tiles={usage?.tiles ?? 0}>
            {usage && usage.tiles > 0
              ? t('mobile_maps.offline_tiles', {
                  tiles: usage.tiles,
                  size: number.format(megabytes(usage.bytes)),
                  cap: Math.round(megabytes(tileCapBytes)),
                })
              : t('mobile_maps.offline_tiles_none')}
          </Text>
          {usage && usage.tiles > 0 && (
            <Button size="xs" variant="default" onClick={() => void clearTiles().then(readUsage)}>
              {t('mobile_maps.clear_tiles')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  )
}
