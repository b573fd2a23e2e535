import { useQuery } from '@tanstack/react-query'
import { useRealtimeChannel } from '../realtime/RealtimeContext'

/** How often the screen asks again: a live view without a push stream of its own. */
const refreshMs = 5_000

export const supervisorKeys = {
  sockets: ['supervisor', 'sockets'],
  traffic: ['supervisor', 'traffic'],
} as const

/** Throws the acknowledgement's failure so the query shows it; answers the data otherwise. */
function okOrThrow<T extends object>(answer: T | { err: string; message: string }): T {
  if ('err' in answer) throw new Error(answer.message || answer.err)
  return answer
}

/** `active_sockets` over the socket: who is connected, from where, since when. */
export function useActiveSockets() {
  const realtime = useRealtimeChannel()
  return useQuery({
    queryKey: supervisorKeys.sockets,
    queryFn: async () => okOrThrow(await realtime.activeSockets()).sockets,
    refetchInterval: refreshMs,
  })
}

/** `supervisor_history_request`: the module traffic of the last `minutes`, minute by minute. */
export function useSupervisorTraffic(minutes: number) {
  const realtime = useRealtimeChannel()
  return useQuery({
    queryKey: supervisorKeys.traffic,
    queryFn: async () => okOrThrow(await realtime.supervisorHistory(minutes)),
    refetchInterval: refreshMs,
  })
}
