import { createHash, timingSafeEqual } from 'node:crypto'
import {
  apiErrorSchema,
  brokerAuthenticateRequestSchema,
  brokerAuthorizeRequestSchema,
  brokerHookAnswerSchema,
  parseUpTopic,
} from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { sendError } from '../app/http-errors'
import type { DeviceLogin } from './device-login'
import type { ModuleRights } from './module-rights'

/** Equal strings in constant time, whatever their lengths. */
function same(expected: string, given: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest()
  return timingSafeEqual(digest(expected), digest(given))
}

/**
 * The authentication and authorization hook of an external broker with HTTP hooks (EMQX's HTTP
 * authenticator and authorizer; ADR 0091): the embedded broker's rule, asked over HTTP. Only the
 * broker may ask (`Authorization: Bearer MQTT_HOOK_TOKEN`): anyone else would have a password oracle.
 * A module logs in as client id = user name = serial with its secret (PIN while it has none), under
 * the device login throttle; the server's own user (MQTT_URL's) is the broker's superuser.
 */
export function registerBrokerHookRoutes(
  app: FastifyInstance,
  deps: {
    token: string
    /** MQTT_URL's user and password: the server's own connection. */
    server: { username: string; password: string } | null
    login: DeviceLogin
    rights: ModuleRights
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const answers = { 200: brokerHookAnswerSchema, 400: apiErrorSchema, 401: apiErrorSchema }
  const fromBroker = (header: string | undefined) =>
    header?.startsWith('Bearer ') === true && same(deps.token, header.slice(7))
  const isServer = (username: string) => deps.server !== null && same(deps.server.username, username)

  routes.post(
    '/broker/v1/authenticate',
    {
      schema: {
        tags: ['devices'],
        summary: "An external broker's HTTP authentication of a CONNECT (EMQX): allow or deny",
        body: brokerAuthenticateRequestSchema,
        response: answers,
      },
    },
    async (request, reply) => {
      if (!fromBroker(request.headers.authorization))
        return sendError(request, reply, 'not_authenticated', 401)
      const { clientid, username, password, peerhost } = request.body
      if (deps.server && isServer(username))
        return same(deps.server.password, password)
          ? { result: 'allow' as const, is_superuser: true }
          : { result: 'deny' as const }
      const login = await deps.login.authenticate(
        clientid,
        username === clientid && password ? password : null,
        peerhost,
      )
      return { result: login.ok ? ('allow' as const) : ('deny' as const), is_superuser: false }
    },
  )

  routes.post(
    '/broker/v1/authorize',
    {
      schema: {
        tags: ['devices'],
        summary: "An external broker's HTTP authorization of a PUBLISH or SUBSCRIBE (EMQX): allow or deny",
        body: brokerAuthorizeRequestSchema,
        response: answers,
      },
    },
    async (request, reply) => {
      if (!fromBroker(request.headers.authorization))
        return sendError(request, reply, 'not_authenticated', 401)
      const { clientid, username, action, topic } = request.body
      if (isServer(username)) return { result: 'allow' as const }
      // A module is its serial, as client id and user name both (its login checked both).
      if (username !== clientid) return { result: 'deny' as const }
      if (action === 'subscribe')
        return {
          result: (await deps.rights.maySubscribe(clientid, topic)) ? ('allow' as const) : ('deny' as const),
        }
      const up = parseUpTopic(topic)
      const allowed = up !== null && (await deps.rights.mayPublishFor(clientid, up.serial)) !== null
      return { result: allowed ? ('allow' as const) : ('deny' as const) }
    },
  )
}
