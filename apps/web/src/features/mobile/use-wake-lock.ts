import { useEffect, useState } from 'react'
import { wakeLockSupport } from './device-support'

/** Whether the screen is kept awake now; `off` when the browser let it go (tab hidden), `failed` when refused. */
export type WakeState = 'unsupported' | 'insecure' | 'pending' | 'on' | 'off' | 'failed'

interface WakeLockSentinelLike {
  released: boolean
  release(): Promise<void>
  addEventListener(type: 'release', listener: () => void): void
}
interface WakeLockLike {
  request(type: 'screen'): Promise<WakeLockSentinelLike>
}

/**
 * Keeps the screen awake while the screen using it is shown (Screen Wake Lock API). The browser
 * releases the lock when the page is hidden; it is asked for again when the page is visible again.
 */
export function useWakeLock(): WakeState {
  const support = wakeLockSupport()
  const [state, setState] = useState<WakeState>(() => (support === 'supported' ? 'pending' : support))

  useEffect(() => {
    if (support !== 'supported') return
    const wakeLock = (navigator as unknown as { wakeLock: WakeLockLike }).wakeLock
    let sentinel: WakeLockSentinelLike | null = null
    let isMounted = true
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return
      try {
        const next = await wakeLock.request('screen')
        if (!isMounted) return void next.release().catch(() => undefined)
        sentinel = next
        setState('on')
        next.addEventListener('release', () => isMounted && setState('off'))
      } catch {
        if (isMounted) setState('failed')
      }
    }
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void acquire()
    }
    void acquire()
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      isMounted = false
      document.removeEventListener('visibilitychange', onVisibility)
      void sentinel?.release().catch(() => undefined)
    }
  }, [support])

  return state
}
