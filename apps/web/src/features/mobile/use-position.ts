import { useEffect, useState } from 'react'
import { type GpsFix, startGpsCapture } from '../map/gps'
import { type CompassWindow, compassNeedsPermission, requestCompass, watchHeading } from './compass'

export type PositionStatus = 'waiting' | 'ok' | 'denied' | 'unavailable'

/**
 * The device's position on spec 01's rhythm (startGpsCapture: first fix after 1 s, then every 5 s,
 * each fresh) while `isOn`; the last fix stays when a later reading fails.
 */
export function usePosition(isOn = true): { status: PositionStatus; fix: GpsFix | null } {
  const [status, setStatus] = useState<PositionStatus>('waiting')
  const [fix, setFix] = useState<GpsFix | null>(null)
  useEffect(() => {
    if (!isOn) return
    return startGpsCapture(
      (next) => {
        setFix(next)
        setStatus('ok')
      },
      (reason) => setStatus(reason),
    )
  }, [isOn])
  return { status, fix }
}

export type CompassStatus = 'waiting' | 'ok' | 'none' | 'refused'

/** How long without a reading before the screen says this device gives none. */
export const compassSilenceMs = 3000

/**
 * The heading of the screen's top from the device's compass, listened for from the start: Safari
 * sends nothing until the user allowed it (`canAsk`: a button asks, from a tap), Chrome sends
 * readings at once (it may have the asking method too, and then needs no asking). `none` once
 * nothing has arrived for a few seconds (a computer, a phone without a magnetometer); a reading
 * later still turns it `ok`.
 */
export function useCompass(scope: CompassWindow | undefined) {
  const [status, setStatus] = useState<CompassStatus>('waiting')
  const [heading, setHeading] = useState<number | null>(null)
  const [hasAsked, setAsked] = useState(false)
  useEffect(() => {
    if (!scope) return
    const silence = setTimeout(() => setStatus((now) => (now === 'waiting' ? 'none' : now)), compassSilenceMs)
    const stop = watchHeading(scope, (next) => {
      setHeading(next)
      setStatus('ok')
    })
    return () => {
      clearTimeout(silence)
      stop()
    }
  }, [scope])
  const canAsk = scope !== undefined && compassNeedsPermission(scope) && status !== 'ok' && !hasAsked
  const enable = async () => {
    if (!scope) return
    setAsked(true)
    if (!(await requestCompass(scope))) setStatus('refused')
  }
  return { status, heading, canAsk, enable }
}
