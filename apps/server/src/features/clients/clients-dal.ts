import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import {
  clients,
  latest_readings,
  objects,
  readings,
  readings_daily,
  readings_hourly,
  schedules,
  sessions,
  user_clients,
  users,
} from '../../db/schema'

export type ClientRow = typeof clients.$inferSelect
export type ClientChanges = Partial<Omit<typeof clients.$inferInsert, 'id' | 'created_at'>>

export function createClientsDal(db: Executor) {
  return {
    /** The client account of that name, created when absent. */
    async findOrCreate(name: string) {
      const [existing] = await db.select().from(clients).where(eq(clients.name, name))
      if (existing) return existing
      const [created] = await db.insert(clients).values({ name }).onConflictDoNothing().returning()
      if (created) return created
      const [raced] = await db.select().from(clients).where(eq(clients.name, name))
      return raced!
    },
    async findById(id: number) {
      const [client] = await db.select().from(clients).where(eq(clients.id, id))
      return client ?? null
    },
    /** The account of that name, letter case ignored (account names are unique that way). */
    async findByName(name: string) {
      const [client] = await db.select().from(clients).where(sql`lower(${clients.name}) = lower(${name})`)
      return client ?? null
    },
    /** The farm's time zone (IANA name), null when the account is gone. */
    async timeZone(id: number) {
      const [row] = await db.select({ time_zone: clients.time_zone }).from(clients).where(eq(clients.id, id))
      return row?.time_zone ?? null
    },
    /**
     * Moves the account's schedules that are still in force to its new zone; answers their ids,
     * which the planner replans (their runs count in the new zone from now on).
     */
    async moveSchedulesToZone(id: number, timeZone: string) {
      const moved = await db
        .update(schedules)
        .set({ time_zone: timeZone, updated_at: new Date() })
        .where(
          and(eq(schedules.id_client, id), ne(schedules.time_zone, timeZone), isNull(schedules.deleted_at)),
        )
        .returning({ id: schedules.id })
      return moved.map((row) => row.id)
    },
    /** Whether another account (not `exceptId`) has that name, letter case ignored. */
    async isNameTaken(name: string, exceptId?: number) {
      const byName = sql`lower(${clients.name}) = lower(${name})`
      const [row] = await db
        .select({ id: clients.id })
        .from(clients)
        .where(exceptId === undefined ? byName : and(byName, ne(clients.id, exceptId)))
        .limit(1)
      return Boolean(row)
    },
    /**
     * Inside a transaction: serializes the transactions that claim one account name (letter case
     * ignored), which the case-sensitive unique constraint alone cannot do.
     */
    async lockName(name: string) {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`kropla:client-name:${name.toLowerCase()}`}))`,
      )
    },
    /** Inside a transaction: one change of an account's users or data at a time. */
    async lockById(id: number) {
      const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, id)).for('update')
      return Boolean(row)
    },
    /** A new account; its time zone is the registrant's browser's, else the default. */
    async insert(name: string, timeZone?: string) {
      const [created] = await db
        .insert(clients)
        .values(timeZone ? { name, time_zone: timeZone } : { name })
        .returning()
      return created!
    },
    async update(id: number, changes: ClientChanges) {
      const [updated] = await db
        .update(clients)
        .set({ ...changes, updated_at: new Date() })
        .where(eq(clients.id, id))
        .returning()
      return updated ?? null
    },
    async remove(id: number) {
      await db.delete(clients).where(eq(clients.id, id))
    },
    /**
     * Inside a transaction, with the account locked: removes the account and all its data
     * (readings, latest values, its users with their sessions, tokens and assignments, other
     * users' assignments to it); its modules go back to the fleet, reset as they left the
     * factory. Answers the removed users' ids and the ended sessions' ids.
     */
    async removeWithData(id: number, at: Date) {
      const members = await db.select({ id: users.id }).from(users).where(eq(users.id_client, id))
      const userIds = members.map((member) => member.id)
      const ownSessions = or(
        eq(sessions.id_client, id),
        userIds.length ? inArray(sessions.user_id, userIds) : sql`false`,
      )
      const endedSessions = await db.delete(sessions).where(ownSessions).returning({ id: sessions.id })
      await db
        .update(objects)
        .set({
          id_client: null,
          deactivated_at: at,
          name: sql`${objects.serial}`,
          lng: null,
          lat: null,
          marker: 0,
          config: {},
          properties: {},
          last_data_at: null,
        })
        .where(eq(objects.id_client, id))
      await db.delete(readings).where(eq(readings.id_client, id))
      await db.delete(latest_readings).where(eq(latest_readings.id_client, id))
      await db.delete(readings_hourly).where(eq(readings_hourly.id_client, id))
      await db.delete(readings_daily).where(eq(readings_daily.id_client, id))
      await db.delete(user_clients).where(eq(user_clients.id_client, id))
      await db.delete(users).where(eq(users.id_client, id))
      await db.delete(clients).where(eq(clients.id, id))
      return { userIds, sessionIds: endedSessions.map((session) => session.id) }
    },
  }
}
export type ClientsDal = ReturnType<typeof createClientsDal>
