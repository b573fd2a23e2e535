import { useEffect, useState } from 'react'

/** How often the tiles and the modules list look again whether a module has gone silent for the module data delay. */
export const communicationCheckMs = 30_000

/** The current time, renewed every `intervalMs`: what "no data for 15 minutes" is measured against. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}
