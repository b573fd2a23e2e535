import { z } from 'zod'
import { momentSchema } from '../input/dates'
import { multiLineText, singleLineText } from '../input/text'
import { idSchema } from '../resources/common'

const required = { error: 'errors.field_required' }
const subjectSchema = singleLineText(required).trim().min(1, required).max(200, { error: 'errors.too_long' })
const contentSchema = multiLineText(required)
  .trim()
  .min(1, required)
  .max(10_000, { error: 'errors.too_long' })

/** 0 information, 1 warning, 2 service work: the icon and colour a user sees. */
export const messageTypes = [0, 1, 2] as const
export const messageTypeNames = ['info', 'warning', 'service'] as const
export const messageTypeName = (type: number) => messageTypeNames[type] ?? 'info'
const messageTypeSchema = z
  .number()
  .int()
  .refine((type) => (messageTypes as readonly number[]).includes(type), { error: 'errors.choice_invalid' })

/** Who receives an operator message: everyone, chosen users, or every user of chosen client accounts. */
export const messageRecipientsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('users'), ids: z.array(idSchema).min(1, required).max(10_000) }),
  z.object({ kind: z.literal('clients'), ids: z.array(idSchema).min(1, required).max(10_000) }),
])
export type MessageRecipients = z.infer<typeof messageRecipientsSchema>

/** The body of `POST /api/admin/messages` (spec 01 section 3, Message). */
export const saveMessageSchema = z.object({
  subject_pl: subjectSchema,
  subject_en: subjectSchema,
  content_pl: contentSchema,
  content_en: contentSchema,
  type: messageTypeSchema.default(0),
  /** An optional link the message points to (an address inside the app or a web page). */
  address: singleLineText().trim().max(500, { error: 'errors.too_long' }).default(''),
  recipients: messageRecipientsSchema,
  /** When it appears to its recipients; now when null. */
  publication_date: momentSchema.nullable().default(null),
})
export type SaveMessage = z.input<typeof saveMessageSchema>

/** `POST/PUT /api/admin/message_templates`: a message kept by name for reuse. */
export const saveMessageTemplateSchema = z.object({
  name: singleLineText(required).trim().min(1, required).max(64, { error: 'errors.too_long' }),
  subject_pl: singleLineText().trim().max(200, { error: 'errors.too_long' }).default(''),
  subject_en: singleLineText().trim().max(200, { error: 'errors.too_long' }).default(''),
  content_pl: multiLineText().trim().max(10_000, { error: 'errors.too_long' }).default(''),
  content_en: multiLineText().trim().max(10_000, { error: 'errors.too_long' }).default(''),
  type: messageTypeSchema.default(0),
})
export type SaveMessageTemplate = z.input<typeof saveMessageTemplateSchema>

export const messageTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subject_pl: z.string(),
  subject_en: z.string(),
  content_pl: z.string(),
  content_en: z.string(),
  type: z.number().int(),
  updated_at: z.string(),
})
export type MessageTemplate = z.infer<typeof messageTemplateSchema>

/** A message as its recipient has it; the browser shows the version in the user's language. */
export const userMessageSchema = z.object({
  id: z.number().int(),
  subject_pl: z.string(),
  subject_en: z.string(),
  content_pl: z.string(),
  content_en: z.string(),
  type: z.number().int(),
  address: z.string(),
  publication_date: z.string(),
  read_date: z.string().nullable(),
})
export type UserMessage = z.infer<typeof userMessageSchema>

/** A message as the operator's list shows it, with how many received and read it. */
export const adminMessageSchema = userMessageSchema.omit({ read_date: true }).extend({
  recipients: messageRecipientsSchema,
  recipient_count: z.number().int(),
  read_count: z.number().int(),
  deleted_at: z.string().nullable(),
})
export type AdminMessage = z.infer<typeof adminMessageSchema>

/** `user_message`: a message was published to this user, with their unread count now. */
export const userMessageEventSchema = z.object({ message: userMessageSchema, unread: z.number().int() })
export type UserMessageEvent = z.infer<typeof userMessageEventSchema>

export const messageInLanguage = (
  message: Pick<UserMessage, 'subject_pl' | 'subject_en' | 'content_pl' | 'content_en'>,
  lang: string,
) =>
  lang === 'pl'
    ? { subject: message.subject_pl, content: message.content_pl }
    : { subject: message.subject_en, content: message.content_en }
