import { useEffect, useState } from 'react'

/** Becomes true once `ms` have passed since the component mounted. */
export function useTimedOut(ms: number): boolean {
  const [timedOut, setTimedOut] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), ms)
    return () => clearTimeout(timer)
  }, [ms])
  return timedOut
}
