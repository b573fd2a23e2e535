import { randomUUID } from 'node:crypto'
import type { FleetImportJob, FleetImportProblem, FleetModule } from '@kropla/domain'
import { fleetImportEnded } from '@kropla/domain'
import { HttpError } from '../../app/http-errors'
import type { OperatorDal } from './operator-dal'
import { checkFleetLines, parseFleetCsv, stored } from './operator-service'

/** Lines checked, looked up or written at once; between two parts the server does other work. */
export const fleetImportPartLines = 500
/** How long an ended import can still be read (its report). */
const keptEndedMs = 60 * 60_000

/** Lets the event loop and the database's queue serve others between two parts. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * The fleet import in the background (ADR 0094): a 20,000-line file is checked and written a part
 * at a time, each part one short statement with a yield after it, so the other requests go on
 * meanwhile; the back office polls the job for its progress. Still all or nothing: a line refused
 * (format, duplicate, serial in the fleet, also one added by someone else meanwhile) imports none,
 * the parts already written taken back. One import at a time per server process.
 */
export function createFleetImports(deps: {
  dal: Pick<OperatorDal, 'existingSerials' | 'addModulesPart' | 'removeImported'>
  now: () => Date
  /** An import that failed for a reason of the server's (logged; the job says `errors.internal`). */
  onFailure: (error: unknown) => void
  /** The imported modules' device secrets, once all are written (the external broker's rights, ADR 0091). */
  onSecrets?: (modules: { serial: string; secret: string }[]) => Promise<void>
}) {
  const jobs = new Map<string, { job: FleetImportJob; endedAt: number | null; ended: Promise<void> }>()
  let running: string | null = null

  function forgetOld() {
    const now = deps.now().getTime()
    for (const [id, entry] of jobs)
      if (entry.endedAt !== null && now - entry.endedAt > keptEndedMs) jobs.delete(id)
  }

  async function work(job: FleetImportJob, text: string) {
    // Parsing is one pass of the CSV library; the checks go a part at a time.
    const { records, column } = parseFleetCsv(text)
    job.lines = records.length
    const valid: { line: number; module: FleetModule }[] = []
    const problems: FleetImportProblem[] = []
    const seen = new Set<string>()
    for (let from = 0; from < records.length; from += fleetImportPartLines) {
      const part = records.slice(from, from + fleetImportPartLines)
      const checked = checkFleetLines(part, column, seen)
      const existing = await deps.dal.existingSerials(checked.valid.map(({ module }) => module.serial))
      for (const entry of checked.valid)
        if (existing.has(entry.module.serial))
          problems.push({
            line: entry.line,
            serial: entry.module.serial,
            problems: [{ field: 'serial', message: 'errors.serial_in_fleet' }],
          })
        else valid.push(entry)
      problems.push(...checked.problems)
      job.done_lines = Math.min(records.length, from + part.length)
      await yieldToOthers()
    }
    if (problems.length || !valid.length) {
      job.problems = problems.sort((a, b) => a.line - b.line)
      job.state = 'refused'
      return
    }
    job.state = 'importing'
    job.done_lines = 0
    const added: number[] = []
    try {
      for (let from = 0; from < valid.length; from += fleetImportPartLines) {
        const part = valid.slice(from, from + fleetImportPartLines)
        const { ids, taken } = await deps.dal.addModulesPart(part.map(({ module }) => stored(module)))
        added.push(...ids)
        if (taken.length) {
          // Added by someone else since the check: all or nothing, so none of this file stays.
          const lineOf = new Map(part.map(({ line, module }) => [module.serial, line]))
          await deps.dal.removeImported(added)
          job.problems = taken.map((serial) => ({
            line: lineOf.get(serial) ?? 0,
            serial,
            problems: [{ field: 'serial', message: 'errors.serial_in_fleet' }],
          }))
          job.imported = 0
          job.state = 'refused'
          return
        }
        job.imported = added.length
        job.done_lines = added.length
        await yieldToOthers()
      }
    } catch (error) {
      await deps.dal.removeImported(added).catch(() => undefined)
      job.imported = 0
      throw error
    }
    await deps.onSecrets?.(
      valid.flatMap(({ module }) =>
        module.secret ? [{ serial: module.serial, secret: module.secret }] : [],
      ),
    )
    job.state = 'done'
  }

  return {
    /** Starts importing `text`; `import_running` while another import runs. */
    start(text: string): FleetImportJob {
      forgetOld()
      if (running !== null) throw new HttpError('import_running')
      const job: FleetImportJob = {
        id: randomUUID(),
        state: 'checking',
        lines: 0,
        done_lines: 0,
        imported: 0,
        problems: [],
        error: null,
      }
      running = job.id
      const entry = { job, endedAt: null as number | null, ended: Promise.resolve() }
      entry.ended = work(job, text)
        .catch((error: unknown) => {
          job.state = 'failed'
          job.error = error instanceof HttpError ? `errors.${error.code}` : 'errors.internal'
          if (!(error instanceof HttpError)) deps.onFailure(error)
        })
        .finally(() => {
          entry.endedAt = deps.now().getTime()
          running = null
        })
      jobs.set(job.id, entry)
      return job
    },
    /** The job as it stands (a copy); `not_found` for an unknown or long-ended one. */
    get(id: string): FleetImportJob {
      const entry = jobs.get(id)
      if (!entry) throw new HttpError('not_found')
      return { ...entry.job, problems: [...entry.job.problems] }
    },
    /** Resolves when the job has ended, however it ended. */
    ended: (id: string) => jobs.get(id)?.ended ?? Promise.resolve(),
    isEnded: (id: string) => {
      const entry = jobs.get(id)
      return !entry || fleetImportEnded(entry.job)
    },
  }
}
export type FleetImports = ReturnType<typeof createFleetImports>
