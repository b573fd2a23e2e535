import {
  type AlarmRule,
  alarmRulesFor,
  evaluateReadings,
  moduleDataDelayMs,
  type Reading,
} from '@kropla/domain'
import type { Logger } from 'pino'
import { createKeyedQueue } from '../../ingest/keyed-queue'
import type { KnownObject } from '../../ingest/object-directory'
import type { AlarmNotifier } from '../notifications/alarm-notifier'
import type { AlarmEvents } from './alarm-events'
import type { AlarmsDal, StoredAlarm } from './alarms-dal'

/** How long a module's thresholds and active alarms are trusted from memory (other processes change them too). */
const stateTtlMs = 30_000

interface ModuleState {
  rules: AlarmRule[]
  active: Set<string>
  /** Newest reading time evaluated per field: an older reading arriving late decides nothing. */
  newest: Map<string, number>
  until: number
}

/**
 * Alarms from readings and from silence. Each module's thresholds and active alarms are kept in
 * memory (read once, again after 30 s or when its configuration changes), so a reading that
 * changes nothing costs no query. Evaluation runs after ingest has committed, one module at a
 * time in arrival order, and never holds ingest up; notifications are sent after the raise.
 */
export function createAlarmMonitor(deps: {
  dal: AlarmsDal
  events: AlarmEvents
  notifier: AlarmNotifier
  logger: Logger
  now: () => Date
}) {
  /** By serial, as the object directory forgets modules. */
  const states = new Map<string, ModuleState>()
  const queue = createKeyedQueue()
  /** Evaluations and notifications under way, so that stopping can wait for them. */
  const underWay = new Set<Promise<unknown>>()
  const track = (work: Promise<unknown>) => {
    underWay.add(work)
    void work.finally(() => underWay.delete(work))
  }

  async function stateOf(object: KnownObject): Promise<ModuleState | null> {
    const cached = states.get(object.serial)
    if (cached && cached.until > Date.now()) return cached
    const module = await deps.dal.moduleConfig(object.id)
    if (!object.model || !module) return null
    const state: ModuleState = {
      rules: alarmRulesFor(object.model, module.config),
      active: new Set(await deps.dal.activeNames(object.id)),
      newest: cached?.newest ?? new Map(),
      until: Date.now() + stateTtlMs,
    }
    states.set(object.serial, state)
    return state
  }

  function announce(rows: StoredAlarm[], raised: StoredAlarm[]) {
    if (rows.length)
      track(
        deps.events.changed(rows).catch((error) => deps.logger.error({ err: error }, 'alarm event failed')),
      )
    for (const alarm of raised)
      track(
        deps.notifier
          .notify(alarm.id, alarm.id_client)
          .catch((error) => deps.logger.error({ err: error, alarm: alarm.id }, 'alarm notification failed')),
      )
  }

  async function evaluate(object: KnownObject, readings: Reading[]) {
    if (object.idClient === null) return
    const state = await stateOf(object)
    if (!state) return
    const fresh = readings.filter((reading) => reading.ts.getTime() >= (state.newest.get(reading.field) ?? 0))
    for (const reading of fresh)
      state.newest.set(reading.field, Math.max(reading.ts.getTime(), state.newest.get(reading.field) ?? 0))
    const changed: StoredAlarm[] = []
    const raised: StoredAlarm[] = []
    for (const decision of evaluateReadings(state.rules, state.active, fresh)) {
      if (decision.kind === 'raise') {
        const { rule } = decision
        const row = await deps.dal.raise({
          idClient: object.idClient,
          idObject: object.id,
          alarmName: rule.name,
          field: rule.field,
          threshold: rule.threshold,
          value: decision.value,
          at: decision.at,
        })
        state.active.add(rule.name)
        if (row) {
          changed.push(row)
          raised.push(row)
        }
      } else {
        const row = await deps.dal.clear(object.id, decision.name, decision.at)
        state.active.delete(decision.name)
        if (row) changed.push(row)
      }
    }
    announce(changed, raised)
  }

  return {
    /** Ingest's onReadings: queued per module, never awaited by ingest. */
    onReadings(object: KnownObject, readings: Reading[]) {
      track(
        queue
          .run(object.serial, () => evaluate(object, readings))
          .catch((error) =>
            deps.logger.error({ err: error, serial: object.serial }, 'alarm evaluation failed'),
          ),
      )
    },

    /** The module's thresholds changed (its configuration was saved): read them again. */
    forget(serial?: string) {
      if (serial === undefined) states.clear()
      else states.delete(serial)
    },

    /** Resolves once nothing started so far is still under way. */
    async idle() {
      while (underWay.size) await Promise.allSettled([...underWay])
    },

    /** Raises `no_data` for modules silent for longer than the data delay; the raised alarms. */
    async sweepNoData(): Promise<StoredAlarm[]> {
      const now = deps.now()
      const raised = await deps.dal.raiseNoData(new Date(now.getTime() - moduleDataDelayMs), now)
      for (const alarm of raised) states.get(alarm.object_serial)?.active.add(alarm.alarm_name)
      announce(raised, raised)
      return raised
    },
  }
}
export type AlarmMonitor = ReturnType<typeof createAlarmMonitor>
