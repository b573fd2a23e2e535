import { type ReceivedPush, receivedPushMessageSchema, receivedPushSchema } from '@kropla/domain'
import { useEffect, useState } from 'react'

/** Where public/sw.js keeps the last push received (`rememberPushForPage`). */
const lastPushCache = 'kropla-last-push'
const lastPushKey = '/__kropla/last-push'

/** The last push the service worker kept; null when none came or the browser keeps no caches. */
export async function readLastPush(): Promise<ReceivedPush | null> {
  if (typeof caches === 'undefined') return null
  try {
    const answer = await (await caches.open(lastPushCache)).match(lastPushKey)
    if (!answer) return null
    const parsed = receivedPushSchema.safeParse(await answer.json())
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** The last push received on this device: the kept one, then each one the service worker posts. */
export function useLastPush(): ReceivedPush | null {
  const [last, setLast] = useState<ReceivedPush | null>(null)
  useEffect(() => {
    let isMounted = true
    void readLastPush().then((kept) => {
      if (isMounted && kept) setLast((now) => now ?? kept)
    })
    const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined
    const canListen = typeof worker?.addEventListener === 'function'
    const onMessage = (event: MessageEvent) => {
      const message = receivedPushMessageSchema.safeParse(event.data)
      if (message.success) setLast(message.data.push)
    }
    if (canListen) worker.addEventListener('message', onMessage)
    return () => {
      isMounted = false
      if (canListen) worker.removeEventListener('message', onMessage)
    }
  }, [])
  return last
}
