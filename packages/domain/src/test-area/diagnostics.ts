import { z } from 'zod'
import { ingestRejectionSchema } from '../operator/operator'
import { trafficMessageSchema } from '../operator/supervisor'

/**
 * `GET /api/test/objects/:id`: what the test area shows of a module besides its live values (which
 * come with /api/me and the `data` events): its outputs to test, the last messages this server
 * process saw from it and to it (newest first), and ingest's refusals of its messages with reasons.
 */
export const moduleDiagnosticsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  serial: z.string(),
  outputs: z.array(z.object({ id: z.number().int(), name: z.string(), field_name: z.string() })),
  messages: z.array(trafficMessageSchema),
  rejections: z.array(ingestRejectionSchema),
})
export type ModuleDiagnostics = z.infer<typeof moduleDiagnosticsSchema>
