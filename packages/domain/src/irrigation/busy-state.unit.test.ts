import { describe, expect, it } from 'vitest'
import { outputBusyState } from './busy-state'
import type { OutputPlanRow } from './output-plan-row'
import { manualStatus, planStatus } from './statuses'
import type { ManualOpenRow } from './wire'

const NOW = new Date('2026-06-10T06:10:00Z')
const output = { id: 11, name: 'Valve 1', id_object: 5, field_name: 'o1' }

const plan = (overrides: Partial<OutputPlanRow> = {}): OutputPlanRow => ({
  id: 1,
  id_schedule: 7,
  id_output: 11,
  role: 'element',
  id_water_source: null,
  element_index: 0,
  cycle: 1,
  planned_at: '2026-06-10T06:00:00Z',
  open_at: '2026-06-10T06:00:00Z',
  duration: 20,
  fertigation: false,
  status: planStatus.running,
  confirmed_state: 1,
  fertigation_confirm_state: null,
  manual_status: null,
  error: null,
  Scheduler: { id: 7, name: 'Morning', type: 1, deleted_at: null },
  Output: output,
  ...overrides,
})

const manualOpen = (overrides: Partial<ManualOpenRow> = {}): ManualOpenRow => ({
  id: 3,
  status: manualStatus.open,
  minutes: 15,
  open_at: '2026-06-10T06:05:00Z',
  close_at: '2026-06-10T06:20:00Z',
  closed_at: null,
  error: null,
  Output: output,
  ...overrides,
})

const stateOf = (input: {
  plans?: OutputPlanRow[]
  manualOpens?: ManualOpenRow[]
  value?: number | null
  now?: Date
}) =>
  outputBusyState({
    idOutput: 11,
    plans: input.plans ?? [],
    manualOpens: input.manualOpens ?? [],
    value: input.value === undefined ? null : input.value,
    now: input.now ?? NOW,
  })

describe('outputBusyState: manual openings', () => {
  it.each([
    {
      name: 'a timed opening in progress counts down to its close',
      open: manualOpen(),
      value: 1,
      expected: { state: 'in_progress', message: 'manual_active', remainingSeconds: 600 },
    },
    {
      name: 'a permanent opening has no end',
      open: manualOpen({ minutes: null, close_at: null }),
      value: 1,
      expected: { state: 'in_progress', message: 'manual_active', remainingSeconds: null },
    },
    {
      name: 'asked but not yet reported open: waiting to open',
      open: manualOpen({ status: manualStatus.awaiting_opening }),
      value: 0,
      expected: { state: 'awaiting_opening', message: 'waiting_to_open', remainingSeconds: null },
    },
    {
      name: 'still opening but the module already reports it open: in progress',
      open: manualOpen({ status: manualStatus.opening }),
      value: 1,
      expected: { state: 'in_progress', message: 'manual_active', remainingSeconds: 600 },
    },
    {
      name: 'its time is up and the close is not confirmed: waiting to close',
      open: manualOpen({ close_at: '2026-06-10T06:09:00Z' }),
      value: 1,
      expected: { state: 'awaiting_closing', message: 'waiting_to_close', remainingSeconds: 0 },
    },
    {
      name: 'a close was asked: waiting to close',
      open: manualOpen({ status: manualStatus.awaiting_closing }),
      value: 1,
      expected: { state: 'awaiting_closing', message: 'waiting_to_close', remainingSeconds: 0 },
    },
    {
      name: 'the user stopped it: stopping',
      open: manualOpen({ status: manualStatus.cancelled }),
      value: 1,
      expected: { state: 'awaiting_closing', message: 'stopping', remainingSeconds: null },
    },
  ])('$name', ({ open, value, expected }) => {
    expect(stateOf({ manualOpens: [open], value })).toEqual(expected)
  })

  it('closed or failed openings and other outputs do not hold the output', () => {
    const otherOutput = { ...output, id: 12 }
    expect(
      stateOf({
        manualOpens: [
          manualOpen({ status: manualStatus.closed }),
          manualOpen({ status: manualStatus.error }),
          manualOpen({ Output: otherOutput }),
        ],
        value: 0,
      }),
    ).toEqual({ state: 'idle', message: null, remainingSeconds: null })
  })

  it('a manual opening decides before a plan of the same output', () => {
    expect(stateOf({ manualOpens: [manualOpen()], plans: [plan()], value: 1 }).message).toBe('manual_active')
  })
})

describe('outputBusyState: plans', () => {
  it.each([
    {
      name: 'an automatic schedule running: busy until the end of its run',
      plans: [plan()],
      value: 1,
      expected: { state: 'busy', message: 'schedule_running', remainingSeconds: 600 },
    },
    {
      name: 'due but not yet reported open: waiting to open',
      plans: [plan({ status: planStatus.sent })],
      value: 0,
      expected: { state: 'awaiting_opening', message: 'waiting_to_open', remainingSeconds: null },
    },
    {
      name: 'sent and already reported open: busy',
      plans: [plan({ status: planStatus.sent })],
      value: 1,
      expected: { state: 'busy', message: 'schedule_running', remainingSeconds: 600 },
    },
    {
      name: 'a one-off manual schedule running is the user’s own opening',
      plans: [plan({ Scheduler: { id: 8, name: '', type: 0, deleted_at: null } })],
      value: 1,
      expected: { state: 'in_progress', message: 'manual_active', remainingSeconds: 600 },
    },
    {
      name: 'past its end and still reported open: waiting to close',
      plans: [plan({ open_at: '2026-06-10T05:40:00Z' })],
      value: 1,
      expected: { state: 'awaiting_closing', message: 'waiting_to_close', remainingSeconds: 0 },
    },
    {
      name: 'the next run back to back wins over the previous one still waiting for its close',
      plans: [
        plan({ id: 1, open_at: '2026-06-10T05:50:00Z' }),
        plan({ id: 2, open_at: '2026-06-10T06:10:00Z', status: planStatus.sent }),
      ],
      value: 1,
      expected: { state: 'busy', message: 'schedule_running', remainingSeconds: 1200 },
    },
    {
      name: 'a partial second left counts as a whole second',
      plans: [plan({ open_at: '2026-06-10T05:50:00.400Z' })],
      value: 1,
      expected: { state: 'busy', message: 'schedule_running', remainingSeconds: 1 },
    },
  ])('$name', ({ plans, value, expected }) => {
    expect(stateOf({ plans, value })).toEqual(expected)
  })

  it.each([
    { name: 'a future run', plan: plan({ open_at: '2026-06-10T07:00:00Z', status: planStatus.planned }) },
    { name: 'an executed run', plan: plan({ status: planStatus.executed }) },
    {
      name: 'a run of a deleted schedule',
      plan: plan({ Scheduler: { id: 7, name: 'x', type: 1, deleted_at: '2026-06-10' } }),
    },
    { name: 'a run without its schedule', plan: plan({ Scheduler: null }) },
    { name: 'a run the module confirmed closed', plan: plan({ confirmed_state: 0 }) },
    { name: 'a run closed by hand', plan: plan({ manual_status: 10 }) },
    { name: 'a run whose conditions were not met', plan: plan({ status: planStatus.condition_not_met }) },
    { name: 'a missed run', plan: plan({ status: planStatus.missed }) },
    { name: 'a run of another output', plan: plan({ id_output: 12 }) },
  ])('$name does not hold the output', ({ plan: row }) => {
    expect(stateOf({ plans: [row], value: 0 })).toEqual({
      state: 'idle',
      message: null,
      remainingSeconds: null,
    })
  })

  it('an output reported open with nothing known to hold it is in progress with no end', () => {
    expect(stateOf({ value: 1 })).toEqual({ state: 'in_progress', message: null, remainingSeconds: null })
  })
})
