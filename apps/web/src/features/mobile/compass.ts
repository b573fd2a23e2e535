import { normalizeDegrees } from '@kropla/domain'

/**
 * The phone's compass heading from device orientation events (issue 16 item 7): which way the top
 * of the screen faces, degrees clockwise from north. Safari gives `webkitCompassHeading` (already a
 * compass heading); Chrome gives an absolute `alpha` on `deviceorientationabsolute` (or on
 * `deviceorientation` with `absolute: true`), counter-clockwise, so the heading is 360 - alpha. A
 * relative alpha (absolute false: only turned from where the page started) is no compass and is
 * not used. The screen's rotation (landscape) is added, so the heading is the screen's top.
 */
export interface OrientationReading {
  alpha: number | null
  absolute?: boolean
  webkitCompassHeading?: number | null
}

export function headingFromOrientation(reading: OrientationReading, screenAngleDeg = 0): number | null {
  const compass = reading.webkitCompassHeading
  if (typeof compass === 'number' && Number.isFinite(compass) && compass >= 0)
    return normalizeDegrees(compass + screenAngleDeg)
  if (reading.absolute === true && typeof reading.alpha === 'number' && Number.isFinite(reading.alpha))
    return normalizeDegrees(360 - reading.alpha + screenAngleDeg)
  return null
}

/** The part of the window the compass uses (the real window in the app, a stand-in in tests). */
export interface CompassWindow {
  addEventListener: (type: string, listener: (event: Event) => void) => void
  removeEventListener: (type: string, listener: (event: Event) => void) => void
  DeviceOrientationEvent?: { requestPermission?: () => Promise<'granted' | 'denied' | 'default'> }
  screen?: { orientation?: { angle?: number } }
}

/** Safari (iOS 13+) asks the user first, from a tap: the screen shows a button for it. */
export function compassNeedsPermission(scope: CompassWindow): boolean {
  return typeof scope.DeviceOrientationEvent?.requestPermission === 'function'
}

/** Asks for the compass (Safari); true when allowed or when no asking is needed. */
export async function requestCompass(scope: CompassWindow): Promise<boolean> {
  const ask = scope.DeviceOrientationEvent?.requestPermission
  if (typeof ask !== 'function') return true
  try {
    return (await ask.call(scope.DeviceOrientationEvent)) === 'granted'
  } catch {
    return false
  }
}

/** Listens for headings until the returned function is called. */
export function watchHeading(scope: CompassWindow, onHeading: (headingDeg: number) => void): () => void {
  const listener = (event: Event) => {
    const heading = headingFromOrientation(
      event as unknown as OrientationReading,
      scope.screen?.orientation?.angle ?? 0,
    )
    if (heading !== null) onHeading(heading)
  }
  scope.addEventListener('deviceorientationabsolute', listener)
  scope.addEventListener('deviceorientation', listener)
  return () => {
    scope.removeEventListener('deviceorientationabsolute', listener)
    scope.removeEventListener('deviceorientation', listener)
  }
}
