import { automaticScheduleTypes, planStatus } from '@kropla/domain'
import { and, asc, eq, gte, inArray, isNull, lt, min, not, sql } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import { clients, outputs_plans, schedules } from '../../db/schema'

export type ScheduleDbRow = typeof schedules.$inferSelect
export type ScheduleValues = Pick<
  typeof schedules.$inferInsert,
  'name' | 'type' | 'priority' | 'begin_date' | 'expiration_date' | 'time_zone' | 'definition'
>

/**
 * The automatic schedules (types 1-6) of one client account that are not deleted. One-off manual
 * schedules (type 0) belong to manual control and are not listed, read or changed here.
 */
export function createSchedulesDal(db: Executor, idClient: number) {
  const own = (id: number) =>
    and(
      eq(schedules.id_client, idClient),
      eq(schedules.id, id),
      isNull(schedules.deleted_at),
      inArray(schedules.type, [...automaticScheduleTypes]),
    )

  return {
    /** Ended schedules the user hid are left out unless `hidden`. */
    async list(hidden: boolean) {
      return db
        .select()
        .from(schedules)
        .where(
          and(
            eq(schedules.id_client, idClient),
            isNull(schedules.deleted_at),
            inArray(schedules.type, [...automaticScheduleTypes]),
            hidden
              ? undefined
              : not(and(sql`${schedules.ended_at} is not null`, eq(schedules.hidden, true))!),
          ),
        )
        .orderBy(asc(schedules.id))
    },
    async find(id: number) {
      const [row] = await db.select().from(schedules).where(own(id))
      return row ?? null
    },
    /** Any schedule of the account, deleted ones too (its history stays readable). */
    async findEver(id: number) {
      const [row] = await db
        .select()
        .from(schedules)
        .where(and(eq(schedules.id_client, idClient), eq(schedules.id, id)))
      return row ?? null
    },
    async lock(id: number) {
      const [row] = await db.select().from(schedules).where(own(id)).for('update')
      return row ?? null
    },
    async insert(values: ScheduleValues, createdBy: number) {
      const [row] = await db
        .insert(schedules)
        .values({ ...values, id_client: idClient, created_by: createdBy })
        .returning()
      return row!
    },
    async update(id: number, values: Partial<ScheduleDbRow>) {
      await db
        .update(schedules)
        .set({ ...values, updated_at: new Date() })
        .where(and(eq(schedules.id_client, idClient), eq(schedules.id, id)))
    },

    /** The first planned opening of each schedule in [from, to). */
    async nextRuns(ids: number[], from: Date, to: Date) {
      if (!ids.length) return new Map<number, Date>()
      const rows = await db
        .select({ id: outputs_plans.id_schedule, next: min(outputs_plans.open_at) })
        .from(outputs_plans)
        .where(
          and(
            eq(outputs_plans.id_client, idClient),
            inArray(outputs_plans.id_schedule, ids),
            eq(outputs_plans.status, planStatus.planned),
            gte(outputs_plans.open_at, from),
            lt(outputs_plans.open_at, to),
          ),
        )
        .groupBy(outputs_plans.id_schedule)
      return new Map(rows.filter((row) => row.id !== null && row.next).map((row) => [row.id!, row.next!]))
    },

    /** The farm's (client account's) time zone, which its schedules count in. */
    async accountTimeZone() {
      const [row] = await db
        .select({ time_zone: clients.time_zone })
        .from(clients)
        .where(eq(clients.id, idClient))
      return row?.time_zone ?? null
    },
  }
}
export type SchedulesDal = ReturnType<typeof createSchedulesDal>
