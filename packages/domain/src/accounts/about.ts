import { z } from 'zod'
import { languageSchema } from '../auth/schemas'

/**
 * `GET /api/about` (settings > help, payments and about): the server's settings a user reads there.
 * `help_urls`: the external help site per language (HELP_URL with `{lang}`); the provider's order
 * and support mailboxes (ORDER_EMAIL, SUPPORT_EMAIL) for payments and questions.
 */
export const aboutSchema = z.object({
  help_urls: z.record(languageSchema, z.string()),
  order_email: z.string(),
  support_email: z.string(),
})
export type About = z.infer<typeof aboutSchema>
