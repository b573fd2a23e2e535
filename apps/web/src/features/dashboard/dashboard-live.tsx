import type { LiveDataRow } from '@kropla/domain'
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react'
import { useRealtimeChannel } from '../realtime/RealtimeContext'

/** A chart's new point: UTC milliseconds and the value. */
export type LivePoint = readonly [number, number]

type Listener = (points: readonly LivePoint[]) => void

/** Charts redraw at most once a second however fast readings arrive (issue 13). */
export const chartFlushMs = 1000

interface DashboardLive {
  /** New points of one module's field, handed over at most once a second; returns the unsubscribe. */
  follow(idObject: number, field: string, listener: Listener): () => void
}

const LiveContext = createContext<DashboardLive | null>(null)

const keyOf = (idObject: number, field: string) => `${idObject}:${field}`

/**
 * One subscription to the `data` event per dashboard: one listener takes every live row and
 * hands each widget the points of the field it follows, gathered and flushed at most once a second.
 */
export function DashboardLiveProvider({ children }: { children: ReactNode }) {
  const realtime = useRealtimeChannel()
  const listeners = useRef(new Map<string, Set<Listener>>())
  const pending = useRef(new Map<string, LivePoint[]>())
  const [live] = useState<DashboardLive>(() => ({
    follow(idObject, field, listener) {
      const key = keyOf(idObject, field)
      const set = listeners.current.get(key) ?? new Set()
      set.add(listener)
      listeners.current.set(key, set)
      return () => {
        set.delete(listener)
        if (!set.size) listeners.current.delete(key)
      }
    },
  }))

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null
    let lastFlush = 0
    const flush = () => {
      timer = null
      lastFlush = Date.now()
      const batch = pending.current
      pending.current = new Map()
      for (const [key, points] of batch)
        for (const listener of listeners.current.get(key) ?? []) listener(points)
    }
    const unsubscribe = realtime.onData((rows: LiveDataRow[]) => {
      for (const row of rows)
        for (const [field, value] of Object.entries(row.values)) {
          const key = keyOf(row.id_object, field)
          if (value === null || !listeners.current.has(key)) continue
          const points = pending.current.get(key) ?? []
          points.push([row.timestamp_unix * 1000, value])
          pending.current.set(key, points)
        }
      if (!pending.current.size || timer) return
      timer = setTimeout(flush, Math.max(0, lastFlush + chartFlushMs - Date.now()))
    })
    return () => {
      unsubscribe()
      if (timer) clearTimeout(timer)
    }
  }, [realtime])

  return <LiveContext value={live}>{children}</LiveContext>
}

/** The points of a field that arrived since the widget was shown, oldest first, at most `limit`. */
export function useLivePoints(idObject: number | null, field: string | null, limit = 2000): LivePoint[] {
  const live = useContext(LiveContext)
  const [points, setPoints] = useState<LivePoint[]>([])
  useEffect(() => {
    setPoints([])
    if (!live || idObject === null || !field) return
    return live.follow(idObject, field, (fresh) => setPoints((old) => [...old, ...fresh].slice(-limit)))
  }, [live, idObject, field, limit])
  return points
}
