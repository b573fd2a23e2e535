import { describe, expect, it } from 'vitest'
import { manualMoves, overdueSwitches, reportedSwitches, switchOrders } from './manual-switch'
import { manualStatus } from './statuses'

const at = new Date('2026-06-10T08:00:00Z')
const minutesLater = (minutes: number) => new Date(at.getTime() + minutes * 60_000)
const targets = [
  { id: 1, id_object: 10, field_name: 'o1' },
  { id: 2, id_object: 11, field_name: 'o1' },
  { id: 3, id_object: 10, field_name: 'o2' },
]

describe('switchOrders', () => {
  it('opens for some minutes with one command per module, closing at the same moment by the module clock', () => {
    const until = minutesLater(15).toISOString()
    expect(switchOrders(targets, true, 15, at)).toEqual({
      closeAt: minutesLater(15),
      modules: [
        {
          idObject: 10,
          outputIds: [1, 3],
          outputs: { o1: { on: true, minutes: 15, until }, o2: { on: true, minutes: 15, until } },
        },
        { idObject: 11, outputIds: [2], outputs: { o1: { on: true, minutes: 15, until } } },
      ],
    })
  })

  it('opens until closed without an end, and closes without minutes', () => {
    expect(switchOrders(targets.slice(0, 1), true, null, at)).toEqual({
      closeAt: null,
      modules: [{ idObject: 10, outputIds: [1], outputs: { o1: { on: true, minutes: null } } }],
    })
    expect(switchOrders(targets.slice(0, 1), false, 15, at).modules[0]!.outputs).toEqual({
      o1: { on: false, minutes: null },
    })
  })
})

describe('reportedSwitches', () => {
  const busy = [
    { id: 100, open_at: at, field: 'o1' },
    { id: 101, open_at: at, field: 'o2' },
    { id: 102, open_at: at, field: 'o3' },
  ]

  it('confirms an output reported on and closes one reported off; one not reported decides nothing', () => {
    expect(reportedSwitches(busy, { o1: true, o2: false, o4: true }, at)).toEqual({
      opened: [100],
      shut: [101],
    })
  })

  it('ignores a state reported before the opening, beyond the clock skew', () => {
    expect(reportedSwitches(busy, { o1: false }, new Date(at.getTime() - 4_000))).toEqual({
      opened: [],
      shut: [100],
    })
    expect(reportedSwitches(busy, { o1: false }, new Date(at.getTime() - 6_000))).toEqual({
      opened: [],
      shut: [],
    })
  })
})

describe('overdueSwitches', () => {
  const { open, awaiting_closing } = manualStatus

  it('closes what the module reported off, gives up after the confirmation wait, and otherwise waits', () => {
    const now = minutesLater(10)
    expect(
      overdueSwitches(
        [
          { id: 1, status: open, close_at: minutesLater(9), value: 0 },
          { id: 2, status: open, close_at: minutesLater(4), value: 1 },
          { id: 3, status: awaiting_closing, close_at: minutesLater(5), value: null },
          { id: 4, status: open, close_at: minutesLater(9), value: null },
          { id: 5, status: awaiting_closing, close_at: minutesLater(9), value: 1 },
        ],
        now,
      ),
    ).toEqual({ off: [1], unconfirmed: [2, 3], waiting: [4] })
  })
})

describe('manualMoves', () => {
  it('never moves an opening out of closed or error, and replaces any busy opening', () => {
    for (const move of Object.values(manualMoves)) {
      expect(move.from).not.toContain(manualStatus.closed)
      expect(move.from).not.toContain(manualStatus.error)
    }
    expect([...manualMoves.replaced.from].sort()).toEqual([0, 1, 2, 3, 4])
  })
})
