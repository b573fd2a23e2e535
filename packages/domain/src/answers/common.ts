import { z } from 'zod'

/** The answer of a call that only reports it was done (logout, deletions, registration steps). */
export const okAnswerSchema = z.object({ ok: z.literal(true) })
export type OkAnswer = z.infer<typeof okAnswerSchema>

/**
 * A 204 answer: no body. The server declares it so for the API document; the browser's client reads
 * an empty body as `null`, so the same schema checks it.
 */
export const noContentSchema = z.null()

/** `PUT /api/users/lang`: the language now saved for the user. */
export const langAnswerSchema = z.object({ lang: z.enum(['en', 'pl']) })

/** `GET /api/push/vapid_public_key`: the key a browser subscribes to Web Push with. */
export const vapidKeyAnswerSchema = z.object({ key: z.string().min(1) })
