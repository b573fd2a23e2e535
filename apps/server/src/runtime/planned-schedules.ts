import {
  type ExpandableSchedule,
  expandSchedule,
  type NominalRun,
  type ResolvedElement,
  scheduleDefinitionSchema,
} from '@kropla/domain'
import type { Executor } from '../db/executor'
import { createPlanningDal, type ScheduleRecord } from './planning-dal'

/**
 * What the planner reads of schedules to expand them, shared with the schedule preview so that
 * the preview expands and groups schedules exactly as the planner does.
 */

export type { ScheduleRecord }

export type ResolveElements = (
  db: Executor,
  idClient: number,
  type: number,
  definition: ExpandableSchedule['definition'],
) => Promise<ResolvedElement[]>

/** Whether a schedule is expanded at all: automatic, not deleted, not ended before `at`. */
export const isExpandable = (schedule: ScheduleRecord, at: Date) =>
  schedule.type > 0 && schedule.deleted_at === null && (schedule.ended_at === null || schedule.ended_at > at)

/** A stored schedule with its elements resolved to outputs, as expandSchedule takes it. */
export async function toExpandable(
  db: Executor,
  schedule: ScheduleRecord,
  resolveElements: ResolveElements,
): Promise<ExpandableSchedule> {
  const definition = scheduleDefinitionSchema.parse(schedule.definition)
  return {
    id: schedule.id,
    type: schedule.type,
    priority: schedule.priority === 1 ? 1 : 0,
    begin_date: schedule.begin_date,
    expiration_date: schedule.expiration_date,
    time_zone: schedule.time_zone,
    paused_from: schedule.paused_from,
    paused_until: schedule.paused_until,
    ended_at: schedule.ended_at,
    definition,
    elements: await resolveElements(db, schedule.id_client, schedule.type, definition),
  }
}

/**
 * Where a replan expands from: now, or the nominal time of a run not sent yet that an overlap
 * delayed past now (it is deleted with the others and must come back if the schedule still has
 * it). Runs of that stretch that already ran are kept out by the unique index; none opens in
 * the past (see `plannableRuns`).
 */
export async function replanFrom(db: Executor, idSchedule: number, at: Date) {
  const earliest = await createPlanningDal(db).earliestPlannedFrom(idSchedule, at)
  return earliest && earliest < at ? earliest : at
}

/** The water sources a schedule's plans recorded (its elements may no longer resolve). */
export const recordedWaterSources = (db: Executor, idSchedule: number): Promise<number[]> =>
  createPlanningDal(db).recordedWaterSources(idSchedule)

/**
 * The account's other expandable schedules with runs not sent yet on one of these water sources.
 * A water-source output opens once for every schedule it feeds at that time (resolveOverlaps
 * merges their source runs into one row, or leaves out a run an existing one covers), so a change
 * to one of them is planned together with these: otherwise, when the schedule whose row held the
 * merged opening goes, the others' sections would be watered with the source closed.
 */
export async function sharingWaterSources(
  db: Executor,
  idClient: number,
  exceptSchedule: number | null,
  waterSources: number[],
  at: Date,
): Promise<ScheduleRecord[]> {
  if (waterSources.length === 0) return []
  const found = await createPlanningDal(db).schedulesPlannedOn(idClient, exceptSchedule, waterSources)
  return found.filter((schedule) => isExpandable(schedule, at))
}

/** The account's schedules the planner keeps planned ahead (see `isExpandable`). */
export async function expandableSchedules(
  db: Executor,
  idClient: number,
  at: Date,
): Promise<ScheduleRecord[]> {
  const found = await createPlanningDal(db).automaticSchedules(idClient)
  return found.filter((schedule) => isExpandable(schedule, at))
}

/** Where the planner's next horizon extension expands a schedule from: its planned horizon, or now. */
export const extensionFrom = (schedule: ScheduleRecord, at: Date) =>
  schedule.planned_until && schedule.planned_until > at ? schedule.planned_until : at

/**
 * The nominal runs of schedules over their windows, as the planner expands them; a schedule whose
 * elements no longer resolve has none (`onUnresolved` hears of it).
 */
export async function nominalRunsOf(
  db: Executor,
  work: { schedule: ScheduleRecord; from: Date; to: Date }[],
  resolveElements: ResolveElements,
  onUnresolved: (schedule: ScheduleRecord, error: unknown) => void = () => {},
): Promise<NominalRun[]> {
  const runs: NominalRun[] = []
  for (const { schedule, from, to } of work) {
    try {
      runs.push(...expandSchedule(await toExpandable(db, schedule, resolveElements), { from, to }))
    } catch (error) {
      onUnresolved(schedule, error)
    }
  }
  return runs
}
