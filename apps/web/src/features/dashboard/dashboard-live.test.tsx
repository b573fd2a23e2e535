import type { LiveDataRow } from '@kropla/domain'
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RealtimeProvider } from '../realtime/RealtimeContext'
import type { Realtime } from '../realtime/use-realtime'
import { chartFlushMs, DashboardLiveProvider, useLivePoints } from './dashboard-live'

const row = (second: number, value: number, idObject = 1): LiveDataRow => ({
  id_object: idObject,
  timestamp: new Date(second * 1000).toISOString(),
  dtimestamp: new Date(second * 1000).toISOString(),
  timestamp_unix: second,
  activation__: null,
  inactivation__: null,
  values: { HUMIDITY_1: value, TEMP_1: value / 2 },
  previous: {},
})

let listeners: ((rows: LiveDataRow[]) => void)[]
const realtime = {
  connection: 1,
  onData: (listener: (rows: LiveDataRow[]) => void) => {
    listeners.push(listener)
    return () => {
      listeners = listeners.filter((entry) => entry !== listener)
    }
  },
} as unknown as Realtime

let renders: Record<string, number>
function Chart({ id, field }: { id: string; field: string }) {
  const points = useLivePoints(1, field)
  renders[id] = (renders[id] ?? 0) + 1
  return <span data-testid={id}>{points.map(([, value]) => value).join(',')}</span>
}

beforeEach(() => {
  listeners = []
  renders = {}
  vi.useFakeTimers()
})
afterEach(() => vi.useRealTimers())

describe('one live subscription per dashboard', () => {
  it('feeds every chart from one data listener, at most once a second', () => {
    render(
      <RealtimeProvider realtime={realtime}>
        <DashboardLiveProvider>
          <Chart id="moisture" field="HUMIDITY_1" />
          <Chart id="moisture-too" field="HUMIDITY_1" />
          <Chart id="temperature" field="TEMP_1" />
        </DashboardLiveProvider>
      </RealtimeProvider>,
    )
    expect(listeners).toHaveLength(1)
    const before = { ...renders }
    act(() => {
      for (let second = 1; second <= 5; second++) listeners[0]!([row(second, second * 10)])
      // Another module's readings reach no chart.
      listeners[0]!([row(6, 99, 2)])
    })
    // Quiet for a second before: the first batch is drawn at once, all five readings in one redraw.
    act(() => vi.advanceTimersByTime(0))
    expect(screen.getByTestId('moisture').textContent).toBe('10,20,30,40,50')
    expect(screen.getByTestId('moisture-too').textContent).toBe('10,20,30,40,50')
    expect(screen.getByTestId('temperature').textContent).toBe('5,10,15,20,25')
    expect(renders.moisture! - before.moisture!).toBe(1)

    // The next readings wait until a second has passed since that redraw.
    act(() => listeners[0]!([row(7, 70)]))
    act(() => vi.advanceTimersByTime(chartFlushMs / 2))
    expect(screen.getByTestId('moisture').textContent).toBe('10,20,30,40,50')
    act(() => listeners[0]!([row(8, 80)]))
    act(() => vi.advanceTimersByTime(chartFlushMs / 2))
    expect(screen.getByTestId('moisture').textContent).toBe('10,20,30,40,50,70,80')
    expect(renders.moisture! - before.moisture!).toBe(2)
  })
})
