import { describe, expect, it } from 'vitest'
import { createTrafficRecorder } from './traffic-recorder'

describe('traffic recorder', () => {
  it('counts messages per minute, keeps silent minutes as zeros and the newest messages first', () => {
    let now = Date.parse('2026-05-01T10:00:30Z')
    const traffic = createTrafficRecorder(() => new Date(now))
    traffic.record({ direction: 'in', serial: 'A', kind: 'data', accepted: 3, rejected: 0 })
    traffic.record({ direction: 'out', serial: 'A', kind: 'cmd', accepted: 1, rejected: 0 })
    now += 120_000
    traffic.record({ direction: 'in', serial: 'B', kind: 'data', accepted: 0, rejected: 2 })
    const history = traffic.history(3)
    expect(history.minutes).toEqual([
      { minute: '2026-05-01T10:00:00.000Z', ingest: 1, commands: 1, rejected: 0 },
      { minute: '2026-05-01T10:01:00.000Z', ingest: 0, commands: 0, rejected: 0 },
      { minute: '2026-05-01T10:02:00.000Z', ingest: 1, commands: 0, rejected: 2 },
    ])
    expect(history.last.map((message) => message.serial + message.kind)).toEqual(['Bdata', 'Acmd', 'Adata'])
  })

  it('forgets minutes older than an hour and keeps the last 100 messages', () => {
    let now = Date.parse('2026-05-01T10:00:00Z')
    const traffic = createTrafficRecorder(() => new Date(now))
    for (let index = 0; index < 150; index++) {
      traffic.record({ direction: 'in', serial: `S${index}`, kind: 'data', accepted: 1, rejected: 0 })
      now += 60_000
    }
    const history = traffic.history()
    expect(history.minutes).toHaveLength(60)
    expect(history.minutes.reduce((sum, minute) => sum + minute.ingest, 0)).toBe(59)
    expect(history.last).toHaveLength(100)
    expect(history.last[0]!.serial).toBe('S149')
  })
})
