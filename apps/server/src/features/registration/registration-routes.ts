import {
  apiErrorSchema,
  okAnswerSchema,
  registerAccountNameSchema,
  registerDeviceAnswerSchema,
  registerDeviceSchema,
  registerRequestSchema,
} from '@kropla/domain'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AttemptLimiter } from '../auth/attempt-limiter'
import type { BrowserSessions } from '../auth/browser-sessions'
import type { RegistrationService } from './registration-service'

/** Public: /register, five steps (spec 01 section 2); steps 1 and 2 are checked as they are left. */
export function registerRegistrationRoutes(
  app: FastifyInstance,
  deps: { registration: RegistrationService; browserSessions: BrowserSessions; attempts: AttemptLimiter },
) {
  /** Serial and PIN are a guessable secret: every check counts, per serial and per address. */
  const admitModuleCheck = (request: FastifyRequest, reply: FastifyReply, serial: string) =>
    deps.attempts.admit(request, reply, [
      { policy: 'registerPair', value: `${serial}|${request.ip}` },
      { policy: 'registerSerial', value: serial },
      { policy: 'registerAddress', value: request.ip },
    ])

  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.post(
    '/api/register/device',
    {
      schema: {
        tags: ['registration'],
        summary: 'Step 1: a base station or soil probe that is not activated yet (serial number and PIN)',
        body: registerDeviceSchema,
        response: { 200: registerDeviceAnswerSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!(await admitModuleCheck(request, reply, request.body.serial))) return reply
      const { model } = await deps.registration.checkModule(request.body.serial, request.body.pin)
      await deps.attempts.forgive({ policy: 'registerPair', value: `${request.body.serial}|${request.ip}` })
      await deps.attempts.forgive({ policy: 'registerSerial', value: request.body.serial })
      return { ok: true as const, model }
    },
  )
  routes.post(
    '/api/register/account-name',
    {
      schema: {
        tags: ['registration'],
        summary: 'Step 2: the account name is long enough and free',
        body: registerAccountNameSchema,
        response: { 200: okAnswerSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      await deps.registration.checkAccountName(request.body.account_name)
      return { ok: true as const }
    },
  )
  routes.post(
    '/api/register',
    {
      schema: {
        tags: ['registration'],
        summary:
          'Steps 1 to 4 at once: opens the client account with the module, makes the registrant its admin, and logs them in',
        body: registerRequestSchema,
        response: { 201: okAnswerSchema, 400: apiErrorSchema, 429: apiErrorSchema, 500: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!(await admitModuleCheck(request, reply, request.body.serial))) return reply
      const user = await deps.registration.register(request.body)
      await deps.browserSessions.start(request, reply, user)
      return reply.code(201).send({ ok: true as const })
    },
  )
}
