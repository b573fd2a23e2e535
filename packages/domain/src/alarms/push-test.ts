import { z } from 'zod'

/** `POST /api/push/test`: a test notification to this browser's own subscription (its endpoint). */
export const pushTestSchema = z.object({ endpoint: z.url().max(2000) })
export type PushTestInput = z.infer<typeof pushTestSchema>

/** The push service took the test notification at `sent_at`. */
export const pushTestAnswerSchema = z.object({ sent_at: z.string() })
export type PushTestAnswer = z.infer<typeof pushTestAnswerSchema>

/** The last push this browser received, as the service worker keeps it and posts it to the page. */
export const receivedPushSchema = z.object({
  title: z.string().max(500),
  body: z.string().max(4000),
  received_at: z.iso.datetime(),
})
export type ReceivedPush = z.infer<typeof receivedPushSchema>

/** The service worker's message to open tabs when a push arrives. */
export const receivedPushMessageSchema = z.object({
  type: z.literal('kropla-push'),
  push: receivedPushSchema,
})
