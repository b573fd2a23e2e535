import type {
  AdminMessage,
  MessageRecipients,
  MessageTemplate,
  saveMessageSchema,
  saveMessageTemplateSchema,
  UserMessage,
  UserMessageEvent,
} from '@kropla/domain'
import type { Logger } from 'pino'
import type { z } from 'zod'
import { HttpError } from '../../app/http-errors'
import { savingAs } from '../resource-usage/resource-writes'
import type { AdminMessagesDal, MessageRecord, TemplateRecord, UserMessagesDal } from './messages-dal'

/** Where `user_message` goes: one user's sockets (on this process only, for the publication sweep). */
export interface MessageAnnouncer {
  toUser(idUser: number, event: UserMessageEvent): void
}

const toUserMessage = (row: {
  id: number
  subject_pl: string
  subject_en: string
  content_pl: string
  content_en: string
  type: number
  address: string
  publication_date: Date
  read_date: Date | null
}): UserMessage => ({
  ...row,
  publication_date: row.publication_date.toISOString(),
  read_date: row.read_date?.toISOString() ?? null,
})

const toAdminMessage = (row: {
  message: MessageRecord
  recipient_count: number
  read_count: number
}): AdminMessage => {
  const { message } = row
  return {
    id: message.id,
    subject_pl: message.subject_pl,
    subject_en: message.subject_en,
    content_pl: message.content_pl,
    content_en: message.content_en,
    type: message.type,
    address: message.address,
    publication_date: message.publication_date.toISOString(),
    recipients: message.recipients as MessageRecipients,
    recipient_count: row.recipient_count,
    read_count: row.read_count,
    deleted_at: message.deleted_at?.toISOString() ?? null,
  }
}

const toTemplate = (row: TemplateRecord): MessageTemplate => ({
  id: row.id,
  name: row.name,
  subject_pl: row.subject_pl,
  subject_en: row.subject_en,
  content_pl: row.content_pl,
  content_en: row.content_en,
  type: row.type,
  updated_at: row.updated_at.toISOString(),
})

/**
 * Operator messages (spec 01 section 3): the operator publishes them to everyone, chosen users or
 * chosen client accounts; each recipient reads, marks unread or deletes their own copy.
 */
export function createMessagesService(deps: {
  /** A recipient's own copies. */
  mine: UserMessagesDal
  /** The operator's messages and templates. */
  admin: AdminMessagesDal
  logger: Logger
  announcer: MessageAnnouncer
  now?: () => Date
}) {
  const now = deps.now ?? (() => new Date())
  const { mine, admin } = deps

  /** One of the user's messages; gone (withdrawn, deleted, never theirs): 'Failed to load message'. */
  async function ownMessage(idUser: number, id: number): Promise<UserMessage> {
    const row = await mine.find(idUser, id, now())
    if (!row) throw new HttpError('message_load_failed', { status: 404 })
    return toUserMessage(row)
  }

  /** Tells each recipient's sockets about the message, with their unread count. */
  async function announce(idMessage: number, recipientIds: readonly number[], announcer = deps.announcer) {
    if (recipientIds.length === 0) return
    const at = now()
    const counts = await mine.unreadCounts(recipientIds, at)
    for (const idUser of recipientIds) {
      const row = await mine.find(idUser, idMessage, at)
      if (row) announcer.toUser(idUser, { message: toUserMessage(row), unread: counts.get(idUser) ?? 0 })
    }
  }

  async function template(id: number) {
    const row = await admin.findTemplate(id)
    if (!row) throw new HttpError('not_found')
    return row
  }

  return {
    list: async (idUser: number) => (await mine.list(idUser, now())).map(toUserMessage),
    get: ownMessage,
    async unreadCount(idUser: number) {
      return (await mine.unreadCounts([idUser], now())).get(idUser) ?? 0
    },
    async setRead(idUser: number, id: number, read: boolean) {
      await ownMessage(idUser, id)
      await mine.setRead(idUser, id, read ? now() : null)
      return ownMessage(idUser, id)
    },
    async remove(idUser: number, id: number) {
      await ownMessage(idUser, id)
      await mine.remove(idUser, id, now())
    },

    listAll: async () => (await admin.list()).map(toAdminMessage),
    async publish(idOperator: number, input: z.output<typeof saveMessageSchema>): Promise<AdminMessage> {
      const { recipients } = input
      if (recipients.kind !== 'all') {
        const existing = await admin.existing(recipients.kind, recipients.ids)
        const missing = recipients.ids.findIndex((id) => !existing.has(id))
        if (missing >= 0)
          throw new HttpError('element_not_found', {
            issues: [{ path: `recipients.ids.${missing}`, message: 'errors.element_not_found' }],
          })
      }
      const at = now()
      const publication = input.publication_date ? new Date(input.publication_date) : at
      const { message, recipientIds } = await savingAs('message_save_failed', deps.logger, () =>
        admin.insert(
          {
            subject_pl: input.subject_pl,
            subject_en: input.subject_en,
            content_pl: input.content_pl,
            content_en: input.content_en,
            type: input.type,
            address: input.address,
            recipients,
            publication_date: publication,
            created_by: idOperator,
            // The same clock as the publication date: the sweep announces only those dated after it.
            created_at: at,
          },
          recipients,
        ),
      )
      if (publication <= at) await announce(message.id, recipientIds)
      const created = await admin.find(message.id)
      return toAdminMessage(created!)
    },
    /** The operator withdraws a message: it leaves every recipient's list. */
    async withdraw(id: number) {
      if (!(await admin.softDelete(id, now()))) throw new HttpError('not_found')
    },
    /**
     * Announces messages whose publication time came since the last call; only those dated after
     * their creation (the others were announced as they were published).
     */
    async announceDue(after: Date, upTo: Date, announcer: MessageAnnouncer) {
      for (const { id } of await admin.publishedBetween(after, upTo))
        await announce(id, await admin.recipientsOf(id), announcer)
    },

    listTemplates: async () => (await admin.listTemplates()).map(toTemplate),
    async createTemplate(input: z.output<typeof saveMessageTemplateSchema>) {
      if (await admin.nameTaken(input.name)) throw nameTaken()
      const row = await savingAs('template_save_failed', deps.logger, () => admin.insertTemplate(input))
      if (!row) throw nameTaken()
      return toTemplate(row)
    },
    async updateTemplate(id: number, input: z.output<typeof saveMessageTemplateSchema>) {
      await template(id)
      if (await admin.nameTaken(input.name, id)) throw nameTaken()
      const row = await savingAs('template_save_failed', deps.logger, () =>
        admin.updateTemplate(id, { ...input, updated_at: now() }),
      )
      return toTemplate(row!)
    },
    async removeTemplate(id: number) {
      if (!(await admin.removeTemplate(id))) throw new HttpError('not_found')
    },
  }
}
export type MessagesService = ReturnType<typeof createMessagesService>

const nameTaken = () =>
  new HttpError('template_name_taken', {
    status: 409,
    issues: [{ path: 'name', message: 'errors.template_name_taken' }],
  })

/**
 * Announces future-dated messages when their time comes: each call announces those that came due
 * since the previous successful one (the composition root repeats it). Every server process runs
 * it and tells only the sockets it holds (`localAnnouncer`), so a user hears of a message once.
 */
export function messagePublication(
  service: MessagesService,
  options: { localAnnouncer: MessageAnnouncer; now?: () => Date },
): () => Promise<void> {
  const now = options.now ?? (() => new Date())
  let last = now()
  return async () => {
    const upTo = now()
    await service.announceDue(last, upTo, options.localAnnouncer)
    last = upTo
  }
}
