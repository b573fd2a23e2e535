import { z } from 'zod'
import { deviceSecretSchema } from '../fleet/device-secret'
import { deviceText, singleLineText } from '../input/text'

export const readingValueSchema = z.union([z.number(), z.boolean(), z.null()])

export const readingSetSchema = z.object({
  ts: z.string().optional(),
  values: z.record(z.string(), z.unknown()),
})
export type ReadingSet = z.infer<typeof readingSetSchema>

export const maxBufferedReadings = 1000

/** `up/data`: one reading set, or a buffered upload of at most 1000. */
export const dataPayloadSchema = z.union([
  readingSetSchema,
  z.object({ readings: z.array(readingSetSchema).min(1).max(maxBufferedReadings) }),
])
export type DataPayload = z.infer<typeof dataPayloadSchema>

export const helloPayloadSchema = z.object({ model: singleLineText().min(1), fw: deviceText(64).optional() })
export type HelloPayload = z.infer<typeof helloPayloadSchema>

export const statePayloadSchema = z.object({
  ts: z.string().optional(),
  outputs: z.record(z.string(), z.union([z.boolean(), z.null()])),
})
export type StatePayload = z.infer<typeof statePayloadSchema>

export const ackPayloadSchema = z.object({
  id: singleLineText().min(1),
  result: z.enum(['received', 'done', 'rejected']),
  error: deviceText(500).optional(),
})
export type AckPayload = z.infer<typeof ackPayloadSchema>

export const statusPayloadSchema = z.enum(['online', 'offline'])

/**
 * `down/cmd`. `expires_at`: a module receiving it later does not execute it (acks `rejected`,
 * error `expired`); `until`: a timed opening closes then at the latest, by the module's clock when
 * it is set. Both optional: they were added to v1, and a module that ignores them still works.
 */
export const setOutputCommandSchema = z.object({
  id: z.string(),
  type: z.literal('set_output'),
  expires_at: z.iso.datetime().optional(),
  outputs: z.record(
    z.string(),
    z.object({
      on: z.boolean(),
      minutes: z.number().positive().nullable(),
      until: z.iso.datetime().optional(),
    }),
  ),
})

/** The error a module acks a command with when it arrived after its `expires_at`. */
export const expiredCommandError = 'expired'
export type SetOutputCommand = z.infer<typeof setOutputCommandSchema>

/**
 * `down/credentials`: the module stores the secret, acks `done`, and logs in with it from its next
 * connection on; the server takes the PIN's place as a password away when it has the `done`.
 */
export const credentialsCommandSchema = z.object({
  id: singleLineText().min(1),
  secret: deviceSecretSchema,
})
export type CredentialsCommand = z.infer<typeof credentialsCommandSchema>

/** Answer of `POST /ingest/v1/{serial}`. */
export const httpIngestAnswerSchema = z.object({
  accepted: z.number().int(),
  rejected: z.array(z.object({ field: z.string().nullable(), reason: z.string() })),
  commands: z.array(z.unknown()),
})
export type HttpIngestAnswer = z.infer<typeof httpIngestAnswerSchema>
