import { z } from 'zod'

/**
 * The HTTP hook an external broker with HTTP authentication and authorization (EMQX) calls for
 * every CONNECT, PUBLISH and SUBSCRIBE (device protocol, "An external broker"; ADR 0091). Field
 * names as EMQX's placeholders send them: `${clientid}`, `${username}`, `${password}`,
 * `${peerhost}`, `${action}`, `${topic}`.
 */
export const brokerAuthenticateRequestSchema = z.object({
  clientid: z.string().max(256),
  username: z.string().max(256).default(''),
  password: z.string().max(1024).default(''),
  peerhost: z.string().max(64).optional(),
})
export type BrokerAuthenticateRequest = z.infer<typeof brokerAuthenticateRequestSchema>

export const brokerAuthorizeRequestSchema = z.object({
  clientid: z.string().max(256),
  username: z.string().max(256).default(''),
  action: z.enum(['publish', 'subscribe']),
  topic: z.string().max(1024),
})
export type BrokerAuthorizeRequest = z.infer<typeof brokerAuthorizeRequestSchema>

/** EMQX reads `result`; `is_superuser` (the server's own user) skips its authorization. */
export const brokerHookAnswerSchema = z.object({
  result: z.enum(['allow', 'deny']),
  is_superuser: z.boolean().optional(),
})
export type BrokerHookAnswer = z.infer<typeof brokerHookAnswerSchema>
