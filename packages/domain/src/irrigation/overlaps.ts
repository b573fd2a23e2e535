import type { NominalRun } from './expansion'

const MINUTE = 60_000

/** An opening that cannot move: a run already started (or sent), or a manual opening. */
export interface FixedRun {
  id_output: number
  open_at: Date
  /** Minutes. */
  duration: number
}

/** A nominal run with the moment it will really open once overlaps are resolved. */
export type ResolvedRun = NominalRun & { open_at: Date }

interface Span {
  from: number
  to: number
}

const endOf = (run: { duration: number }, openAt: number) => openAt + run.duration * MINUTE

class OutputOccupancy {
  private readonly spans = new Map<number, Span[]>()

  add(idOutput: number, span: Span) {
    const spans = this.spans.get(idOutput)
    if (spans) spans.push(span)
    else this.spans.set(idOutput, [span])
  }

  /** A span on the output overlapping [from, to), if any (touching ends do not overlap). */
  conflict(idOutput: number, from: number, to: number) {
    return this.spans.get(idOutput)?.find((span) => span.from < to && from < span.to)
  }

  /** A span on the output that covers the moment `at`, if any. */
  covering(idOutput: number, at: number) {
    return this.spans.get(idOutput)?.find((span) => span.from <= at && at < span.to)
  }
}

interface Chain {
  key: string
  priority: number
  idSchedule: number
  start: number
  elements: NominalRun[]
  sources: NominalRun[]
}

function chainsOf(runs: NominalRun[]): Chain[] {
  const chains = new Map<string, Chain>()
  for (const run of runs) {
    let chain = chains.get(run.chain)
    if (!chain) {
      chain = {
        key: run.chain,
        priority: run.priority,
        idSchedule: run.id_schedule,
        start: Number.POSITIVE_INFINITY,
        elements: [],
        sources: [],
      }
      chains.set(run.chain, chain)
    }
    if (run.role === 'element') {
      chain.elements.push(run)
      chain.start = Math.min(chain.start, run.planned_at.getTime())
    } else chain.sources.push(run)
  }
  for (const chain of chains.values())
    if (chain.elements.length === 0)
      chain.start = Math.min(...chain.sources.map((run) => run.planned_at.getTime()))
  return [...chains.values()]
}

/** Higher priority first; then the earlier nominal start; then the lower schedule id. */
const byPrecedence = (a: Chain, b: Chain) =>
  b.priority - a.priority || a.start - b.start || a.idSchedule - b.idSchedule || a.key.localeCompare(b.key)

/** The smallest delay (ms) at which none of the chain's element runs meets a busy span of its output. */
function delayFor(chain: Chain, occupancy: OutputOccupancy) {
  let delay = 0
  for (;;) {
    let moved = false
    for (const run of chain.elements) {
      const from = run.planned_at.getTime() + delay
      const busy = occupancy.conflict(run.id_output, from, endOf(run, from))
      if (busy) {
        // busy.to > from, so the delay grows on every move and the loop ends.
        delay = busy.to - run.planned_at.getTime()
        moved = true
      }
    }
    if (!moved) return delay
  }
}

/**
 * Water-source runs never compete: a source output is opened once for as long as any run it
 * feeds needs it. A source run whose start falls inside a fixed opening of its output (or an
 * element run on it) starts when that ends, and is left out if nothing remains; source runs that
 * overlap or touch are merged into the earliest one (its row spans the union and the later ones
 * are not produced), so the output never gets two commands for one stretch of time. A fixed
 * opening that begins inside a source run does not shorten it here: the source is planned for as
 * long as its element runs need it (a water-source output is not expected to be opened by hand
 * while it feeds a schedule).
 */
function mergeSources(sources: ResolvedRun[], busy: OutputOccupancy): ResolvedRun[] {
  const byOutput = new Map<number, ResolvedRun[]>()
  for (const source of sources) {
    let from = source.open_at.getTime()
    const to = endOf(source, from)
    for (let cover = busy.covering(source.id_output, from); cover && from < to; ) {
      from = cover.to
      cover = busy.covering(source.id_output, from)
    }
    if (from >= to) continue
    const trimmed = { ...source, open_at: new Date(from), duration: Math.ceil((to - from) / MINUTE) }
    const list = byOutput.get(source.id_output)
    if (list) list.push(trimmed)
    else byOutput.set(source.id_output, [trimmed])
  }
  const kept: ResolvedRun[] = []
  for (const list of byOutput.values()) {
    list.sort(
      (a, b) =>
        a.open_at.getTime() - b.open_at.getTime() || b.priority - a.priority || a.id_schedule - b.id_schedule,
    )
    let current: ResolvedRun | null = null
    for (const source of list) {
      const from = source.open_at.getTime()
      if (current && from <= endOf(current, current.open_at.getTime())) {
        const to = Math.max(endOf(current, current.open_at.getTime()), endOf(source, from))
        current.duration = Math.ceil((to - current.open_at.getTime()) / MINUTE)
        continue
      }
      current = source
      kept.push(current)
    }
  }
  return kept
}

/**
 * When each run really opens, so that one output never has two runs at once.
 *
 * - Fixed runs (started, sent or manual) never move, whatever their priority.
 * - Cycles are placed whole, in precedence order: higher priority first (it keeps its time and
 *   the other waits), then the earlier nominal start, then the lower schedule id. A cycle that
 *   meets a busy output waits until it is free and the rest of its cycle waits with it, so a
 *   sequential cycle stays back to back and a simultaneous one opens together.
 * - A cycle's water-source runs move with it, then are merged per output (see `mergeSources`).
 */
export function resolveOverlaps(runs: NominalRun[], fixed: FixedRun[]): ResolvedRun[] {
  const occupancy = new OutputOccupancy()
  for (const run of fixed) {
    const from = run.open_at.getTime()
    occupancy.add(run.id_output, { from, to: endOf(run, from) })
  }
  const elements: ResolvedRun[] = []
  const sources: ResolvedRun[] = []
  for (const chain of chainsOf(runs).sort(byPrecedence)) {
    const delay = delayFor(chain, occupancy)
    for (const run of chain.elements) {
      const from = run.planned_at.getTime() + delay
      elements.push({ ...run, open_at: new Date(from) })
      occupancy.add(run.id_output, { from, to: endOf(run, from) })
    }
    for (const run of chain.sources)
      sources.push({ ...run, open_at: new Date(run.planned_at.getTime() + delay) })
  }
  const roleOrder = { clean_source: 0, fertigation_source: 1, element: 2 } as const
  return [...mergeSources(sources, occupancy), ...elements].sort(
    (a, b) =>
      a.open_at.getTime() - b.open_at.getTime() ||
      roleOrder[a.role] - roleOrder[b.role] ||
      a.id_schedule - b.id_schedule ||
      a.id_output - b.id_output,
  )
}
