import { registrationRoutes } from '@kropla/domain'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { registerRoute } from '../../app/route-table'
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
  registerRoute(app, registrationRoutes.checkDevice, {}, async (request, reply) => {
    if (!(await admitModuleCheck(request, reply, request.body.serial))) return reply
    const { model } = await deps.registration.checkModule(request.body.serial, request.body.pin)
    await deps.attempts.forgive({ policy: 'registerPair', value: `${request.body.serial}|${request.ip}` })
    await deps.attempts.forgive({ policy: 'registerSerial', value: request.body.serial })
    return { ok: true as const, model }
  })
  registerRoute(app, registrationRoutes.checkAccountName, {}, async (request) => {
    await deps.registration.checkAccountName(request.body.account_name)
    return { ok: true as const }
  })
  registerRoute(app, registrationRoutes.register, {}, async (request, reply) => {
    if (!(await admitModuleCheck(request, reply, request.body.serial))) return reply
    const user = await deps.registration.register(request.body)
    await deps.browserSessions.start(request, reply, user)
    return reply.code(201).send({ ok: true as const })
  })
}
