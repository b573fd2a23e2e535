import type { MessageRecipients } from '@kropla/domain'
import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { clients, message_templates, messages, user_clients, user_messages, users } from '../../db/schema'

export type MessageRecord = typeof messages.$inferSelect
export type TemplateRecord = typeof message_templates.$inferSelect

/** A recipient's copy that shows: published by `at`, deleted neither by the operator nor by the user. */
const shown = (at: Date) =>
  and(isNull(user_messages.deleted_at), isNull(messages.deleted_at), lte(messages.publication_date, at))
const visibleTo = (idUser: number, at: Date) => and(eq(user_messages.id_user, idUser), shown(at))

/** A user's own messages: published, not deleted by the operator or by the user. */
export function createUserMessagesDal(db: Db) {
  const selection = {
    id: messages.id,
    subject_pl: messages.subject_pl,
    subject_en: messages.subject_en,
    content_pl: messages.content_pl,
    content_en: messages.content_en,
    type: messages.type,
    address: messages.address,
    publication_date: messages.publication_date,
    read_date: user_messages.read_date,
  }
  const joined = () =>
    db.select(selection).from(user_messages).innerJoin(messages, eq(messages.id, user_messages.id_message))
  return {
    list: (idUser: number, at: Date) =>
      joined().where(visibleTo(idUser, at)).orderBy(desc(messages.publication_date), desc(messages.id)),
    async find(idUser: number, id: number, at: Date) {
      const [row] = await joined().where(and(visibleTo(idUser, at), eq(messages.id, id)))
      return row
    },
    async setRead(idUser: number, id: number, readDate: Date | null) {
      await db
        .update(user_messages)
        .set({ read_date: readDate })
        .where(and(eq(user_messages.id_user, idUser), eq(user_messages.id_message, id)))
    },
    async remove(idUser: number, id: number, at: Date) {
      await db
        .update(user_messages)
        .set({ deleted_at: at })
        .where(and(eq(user_messages.id_user, idUser), eq(user_messages.id_message, id)))
    },
    /** Unread counts of the given users. */
    async unreadCounts(idUsers: readonly number[], at: Date): Promise<Map<number, number>> {
      if (idUsers.length === 0) return new Map()
      const rows = await db
        .select({ id_user: user_messages.id_user, unread: sql<number>`count(*)::int` })
        .from(user_messages)
        .innerJoin(messages, eq(messages.id, user_messages.id_message))
        .where(and(inArray(user_messages.id_user, [...idUsers]), isNull(user_messages.read_date), shown(at)))
        .groupBy(user_messages.id_user)
      const counts = new Map(idUsers.map((id) => [id, 0]))
      for (const row of rows) counts.set(row.id_user, row.unread)
      return counts
    },
  }
}

/** The operator's side: every message, its recipients and templates. */
export function createAdminMessagesDal(db: Db) {
  /** Messages with how many received and how many read each. */
  const withReach = () =>
    db
      .select({
        message: messages,
        recipient_count: sql<number>`(select count(*)::int from ${user_messages} where ${user_messages.id_message} = ${messages.id})`,
        read_count: sql<number>`(select count(*)::int from ${user_messages} where ${user_messages.id_message} = ${messages.id} and ${user_messages.read_date} is not null)`,
      })
      .from(messages)
  return {
    list: () => withReach().orderBy(desc(messages.publication_date), desc(messages.id)),
    async find(id: number) {
      const [row] = await withReach().where(eq(messages.id, id))
      return row
    },
    /** Which of the ids exist (users or client accounts). */
    async existing(kind: 'users' | 'clients', ids: readonly number[]) {
      const table = kind === 'users' ? users : clients
      const rows = await db
        .select({ id: table.id })
        .from(table)
        .where(inArray(table.id, [...ids]))
      return new Set(rows.map((row) => row.id))
    },
    /** Inserts the message and one user_messages row per recipient; returns the recipients' ids. */
    insert(values: typeof messages.$inferInsert, recipients: MessageRecipients) {
      return db.transaction(async (tx) => {
        const [message] = await tx.insert(messages).values(values).returning()
        const id = message!.id
        const recipientIds =
          recipients.kind === 'all'
            ? sql`select ${users.id} from ${users}`
            : recipients.kind === 'users'
              ? sql`select ${users.id} from ${users} where ${users.id} in ${recipients.ids}`
              : sql`select ${users.id} from ${users} where ${users.id_client} in ${recipients.ids}
                    union select ${user_clients.user_id} from ${user_clients} where ${user_clients.id_client} in ${recipients.ids}`
        const inserted = await tx.execute<{ id_user: number }>(
          sql`insert into ${user_messages} (id_message, id_user)
              select ${id}, recipient.id from (${recipientIds}) as recipient(id)
              on conflict do nothing returning id_user`,
        )
        return { message: message!, recipientIds: inserted.rows.map((row) => row.id_user) }
      })
    },
    async softDelete(id: number, at: Date) {
      const rows = await db
        .update(messages)
        .set({ deleted_at: at, updated_at: at })
        .where(and(eq(messages.id, id), isNull(messages.deleted_at)))
        .returning({ id: messages.id })
      return rows.length > 0
    },
    /** Future-dated messages whose publication time came in (after, upTo]: they are announced then. */
    publishedBetween(after: Date, upTo: Date) {
      return db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            isNull(messages.deleted_at),
            sql`${messages.publication_date} > ${after.toISOString()}`,
            lte(messages.publication_date, upTo),
            sql`${messages.publication_date} > ${messages.created_at}`,
          ),
        )
    },
    recipientsOf: async (id: number) =>
      (
        await db
          .select({ id_user: user_messages.id_user })
          .from(user_messages)
          .where(and(eq(user_messages.id_message, id), isNull(user_messages.deleted_at)))
      ).map((row) => row.id_user),

    listTemplates: () => db.select().from(message_templates).orderBy(message_templates.name),
    async findTemplate(id: number) {
      const [row] = await db.select().from(message_templates).where(eq(message_templates.id, id))
      return row
    },
    async insertTemplate(values: typeof message_templates.$inferInsert) {
      const [row] = await db.insert(message_templates).values(values).onConflictDoNothing().returning()
      return row
    },
    async updateTemplate(id: number, values: Partial<typeof message_templates.$inferInsert>) {
      const [row] = await db
        .update(message_templates)
        .set(values)
        .where(eq(message_templates.id, id))
        .returning()
      return row
    },
    async nameTaken(name: string, exceptId?: number) {
      const rows = await db
        .select({ id: message_templates.id })
        .from(message_templates)
        .where(eq(message_templates.name, name))
      return rows.some((row) => row.id !== exceptId)
    },
    async removeTemplate(id: number) {
      const rows = await db
        .delete(message_templates)
        .where(eq(message_templates.id, id))
        .returning({ id: message_templates.id })
      return rows.length > 0
    },
  }
}
export type UserMessagesDal = ReturnType<typeof createUserMessagesDal>
export type AdminMessagesDal = ReturnType<typeof createAdminMessagesDal>
