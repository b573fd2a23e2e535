import { describe, expect, it } from 'vitest'
import type { NominalRun } from './expansion'
import { type FixedRun, type ResolvedRun, resolveOverlaps } from './overlaps'

const at = (time: string) => new Date(`2026-06-10T${time}:00Z`)
const hhmm = (date: Date) => date.toISOString().slice(11, 16)

/** One cycle of a sequential schedule: outputs back to back from `start`, each for its minutes. */
function cycle(
  idSchedule: number,
  priority: 0 | 1,
  start: string,
  elements: Array<[output: number, minutes: number]>,
  sources: number[] = [],
  cycleNumber = 1,
): NominalRun[] {
  const chain = `${idSchedule}/2026-06-10/${cycleNumber}`
  let offset = at(start).getTime()
  const runs: NominalRun[] = elements.map(([id_output, duration], element_index) => {
    const run: NominalRun = {
      id_schedule: idSchedule,
      priority,
      element_index,
      cycle: cycleNumber,
      id_output,
      role: 'element',
      id_water_source: sources.length > 0 ? 3 : null,
      planned_at: new Date(offset),
      duration,
      fertigation: false,
      chain,
    }
    offset += duration * 60_000
    return run
  })
  const total = elements.reduce((sum, [, minutes]) => sum + minutes, 0)
  for (const id_output of sources)
    runs.push({
      id_schedule: idSchedule,
      priority,
      element_index: null,
      cycle: cycleNumber,
      id_output,
      role: 'clean_source',
      id_water_source: 3,
      planned_at: at(start),
      duration: total,
      fertigation: false,
      chain,
    })
  return runs
}

const fixedRun = (id_output: number, start: string, duration: number): FixedRun => ({
  id_output,
  open_at: at(start),
  duration,
})

const table = (runs: ResolvedRun[]) =>
  runs.map(
    (run) =>
      `${run.id_schedule}:${run.role === 'element' ? '' : 'src'}${run.id_output}@${hhmm(run.open_at)}+${run.duration}`,
  )

/** What a user would notice first: one output never has two openings at the same time. */
function expectNoOutputOpenTwice(runs: ResolvedRun[], fixed: FixedRun[]) {
  const spans = [
    ...runs.map((run) => ({
      output: run.id_output,
      from: run.open_at.getTime(),
      to: run.open_at.getTime() + run.duration * 60_000,
    })),
    ...fixed.map((run) => ({
      output: run.id_output,
      from: run.open_at.getTime(),
      to: run.open_at.getTime() + run.duration * 60_000,
    })),
  ]
  for (const [i, a] of spans.entries())
    for (const b of spans.slice(i + 1))
      if (a.output === b.output)
        expect(a.from < b.to && b.from < a.to, `output ${a.output} open twice`).toBe(false)
}

describe('resolveOverlaps', () => {
  it('runs that do not meet keep their nominal times', () => {
    const runs = [...cycle(1, 0, '06:00', [[11, 20]]), ...cycle(2, 0, '06:00', [[12, 20]])]
    const resolved = resolveOverlaps(runs, [])
    expect(resolved.every((run) => run.open_at.getTime() === run.planned_at.getTime())).toBe(true)
    expect(table(resolved)).toEqual(['1:11@06:00+20', '2:12@06:00+20'])
  })

  it.each([
    { name: 'listed first', order: (a: NominalRun[], b: NominalRun[]) => [...a, ...b] },
    { name: 'listed last', order: (a: NominalRun[], b: NominalRun[]) => [...b, ...a] },
  ])('the higher priority keeps its time and the other waits (higher $name)', ({ order }) => {
    const standard = cycle(1, 0, '06:00', [[11, 20]])
    const higher = cycle(2, 1, '06:10', [[11, 20]])
    const resolved = resolveOverlaps(order(higher, standard), [])
    expect(table(resolved)).toEqual(['2:11@06:10+20', '1:11@06:30+20'])
  })

  it('equal priority: the earlier nominal start goes first', () => {
    const resolved = resolveOverlaps(
      [...cycle(1, 0, '06:10', [[11, 20]]), ...cycle(2, 0, '06:00', [[11, 20]])],
      [],
    )
    expect(table(resolved)).toEqual(['2:11@06:00+20', '1:11@06:20+20'])
  })

  it('equal priority and the same start: the lower schedule id goes first', () => {
    const resolved = resolveOverlaps(
      [...cycle(9, 0, '06:00', [[11, 15]]), ...cycle(4, 0, '06:00', [[11, 10]])],
      [],
    )
    expect(table(resolved)).toEqual(['4:11@06:00+10', '9:11@06:10+15'])
  })

  it('a delayed run delays the rest of its cycle, which stays back to back', () => {
    const standard = cycle(1, 0, '06:00', [
      [11, 20],
      [12, 10],
      [13, 10],
    ])
    const higher = cycle(2, 1, '06:15', [[12, 10]])
    const resolved = resolveOverlaps([...standard, ...higher], [])
    // Output 12 is busy 06:15-06:25, so the whole standard cycle starts 5 minutes later.
    expect(table(resolved)).toEqual(['1:11@06:05+20', '2:12@06:15+10', '1:12@06:25+10', '1:13@06:35+10'])
  })

  it('delays cascade: a delayed cycle can push the next one', () => {
    const resolved = resolveOverlaps(
      [
        ...cycle(1, 1, '06:00', [[11, 30]]),
        ...cycle(2, 0, '06:10', [
          [11, 10],
          [12, 10],
        ]),
        ...cycle(3, 0, '06:35', [[12, 10]]),
      ],
      [],
    )
    // Schedule 2 (nominally earlier) is placed before 3; its delay moves its 12 into 3's time, so 3 waits too.
    expect(table(resolved)).toEqual(['1:11@06:00+30', '2:11@06:30+10', '2:12@06:40+10', '3:12@06:50+10'])
  })

  it('later cycles of the same schedule wait behind a delayed earlier cycle', () => {
    const runs = [
      ...cycle(1, 0, '06:00', [[11, 20]], [], 1),
      ...cycle(1, 0, '06:30', [[11, 20]], [], 2),
      ...cycle(2, 1, '05:50', [[11, 30]]),
    ]
    expect(table(resolveOverlaps(runs, []))).toEqual(['2:11@05:50+30', '1:11@06:20+20', '1:11@06:40+20'])
  })

  it('fixed runs (a manual opening, a run in progress) never move, even for a higher priority', () => {
    const fixed = [fixedRun(11, '05:50', 20), fixedRun(12, '06:30', 15)]
    const runs = [
      ...cycle(1, 1, '06:00', [
        [11, 20],
        [12, 10],
      ]),
    ]
    const resolved = resolveOverlaps(runs, fixed)
    // 11 is free from 06:10, but then 12 (06:30-06:40) would meet its fixed run: wait until 06:45.
    expect(table(resolved)).toEqual(['1:11@06:25+20', '1:12@06:45+10'])
    expectNoOutputOpenTwice(resolved, fixed)
  })

  it('a fixed run ending on a partial minute delays to that exact moment', () => {
    const fixed = [{ id_output: 11, open_at: new Date('2026-06-10T05:59:30Z'), duration: 1 }]
    const [run] = resolveOverlaps(cycle(1, 0, '06:00', [[11, 10]]), fixed)
    expect(run?.open_at.toISOString()).toBe('2026-06-10T06:00:30.000Z')
    expect(run?.duration).toBe(10)
  })

  it('water-source runs move with their cycle', () => {
    const resolved = resolveOverlaps(
      [...cycle(1, 0, '06:00', [[11, 20]], [100]), ...cycle(2, 1, '06:00', [[11, 10]])],
      [],
    )
    expect(table(resolved)).toEqual(['2:11@06:00+10', '1:src100@06:10+20', '1:11@06:10+20'])
  })

  it('overlapping source runs of two schedules are merged into one opening, never two commands', () => {
    const resolved = resolveOverlaps(
      [
        ...cycle(1, 0, '06:00', [[11, 30]], [100]),
        ...cycle(2, 0, '06:20', [[12, 30]], [100]),
        ...cycle(3, 0, '06:50', [[13, 10]], [100]),
        ...cycle(4, 0, '08:00', [[14, 10]], [100]),
      ],
      [],
    )
    // 06:00-06:30, 06:20-06:50 and (touching) 06:50-07:00 are one opening 06:00-07:00; 08:00 is another.
    expect(table(resolved).filter((row) => row.includes('src'))).toEqual([
      '1:src100@06:00+60',
      '4:src100@08:00+10',
    ])
    expectNoOutputOpenTwice(resolved, [])
  })

  it('a source run starting while its output is held open by a fixed run starts when that ends, or is left out', () => {
    const fixed = [fixedRun(100, '05:50', 20), fixedRun(101, '05:55', 60)]
    const runs = cycle(1, 0, '06:00', [[11, 30]], [100, 101])
    const resolved = resolveOverlaps(runs, fixed)
    expect(table(resolved)).toEqual(['1:11@06:00+30', '1:src100@06:10+20'])
    expectNoOutputOpenTwice(resolved, fixed)
  })

  it('a busy mixed day never opens one output twice at once', () => {
    const runs = [
      ...cycle(
        1,
        0,
        '06:00',
        [
          [11, 20],
          [12, 20],
          [13, 20],
        ],
        [100],
      ),
      ...cycle(
        1,
        0,
        '07:30',
        [
          [11, 20],
          [12, 20],
          [13, 20],
        ],
        [100],
        2,
      ),
      ...cycle(
        2,
        1,
        '06:25',
        [
          [13, 15],
          [11, 15],
        ],
        [100],
      ),
      ...cycle(3, 0, '06:00', [[12, 45]], [100]),
      ...cycle(4, 1, '07:40', [[12, 5]]),
    ]
    const fixed = [fixedRun(11, '05:45', 30), fixedRun(13, '08:00', 10)]
    const resolved = resolveOverlaps(runs, fixed)
    expectNoOutputOpenTwice(resolved, fixed)
    expect(resolved.filter((run) => run.role === 'element')).toHaveLength(
      runs.filter((run) => run.role === 'element').length,
    )
  })
})
