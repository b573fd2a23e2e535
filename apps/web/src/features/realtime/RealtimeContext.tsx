import { createContext, type ReactNode, useContext } from 'react'
import type { Realtime } from './use-realtime'

const RealtimeContext = createContext<Realtime | null>(null)

/** The main layout's real-time channel, for the parts of the frame that send requests on it. */
export function RealtimeProvider({ realtime, children }: { realtime: Realtime; children: ReactNode }) {
  return <RealtimeContext value={realtime}>{children}</RealtimeContext>
}

export function useRealtimeChannel(): Realtime {
  const realtime = useContext(RealtimeContext)
  if (!realtime) throw new Error('useRealtimeChannel needs the main layout above it')
  return realtime
}
