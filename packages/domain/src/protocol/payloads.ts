import { z } from 'zod'

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

export const helloPayloadSchema = z.object({ model: z.string().min(1), fw: z.string().max(64).optional() })
export type HelloPayload = z.infer<typeof helloPayloadSchema>

export const statePayloadSchema = z.object({
  ts: z.string().optional(),
  outputs: z.record(z.string(), z.union([z.boolean(), z.null()])),
})
export type StatePayload = z.infer<typeof statePayloadSchema>

export const ackPayloadSchema = z.object({
  id: z.string().min(1),
  result: z.enum(['received', 'done', 'rejected']),
  error: z.string().optional(),
})
export type AckPayload = z.infer<typeof ackPayloadSchema>

export const statusPayloadSchema = z.enum(['online', 'offline'])

export const setOutputCommandSchema = z.object({
  id: z.string(),
  type: z.literal('set_output'),
  outputs: z.record(z.string(), z.object({ on: z.boolean(), minutes: z.number().positive().nullable() })),
})
export type SetOutputCommand = z.infer<typeof setOutputCommandSchema>

/** Answer of `POST /ingest/v1/{serial}`. */
export const httpIngestAnswerSchema = z.object({
  accepted: z.number().int(),
  rejected: z.array(z.object({ field: z.string().nullable(), reason: z.string() })),
  commands: z.array(z.unknown()),
})
export type HttpIngestAnswer = z.infer<typeof httpIngestAnswerSchema>
