import { objectRoutes, parseNfcCode } from '@kropla/domain'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { registerRoute } from '../../app/route-table'
import type { AttemptLimiter } from '../auth/attempt-limiter'
import { requireUser } from '../auth/auth-hooks'
import type { ObjectsService } from './objects-service'

/** Modules of the current client account (spec 01: /kropla_2/modules and the add-module wizard). */
export function registerObjectsRoutes(
  app: FastifyInstance,
  deps: { objects: ObjectsService; attempts: AttemptLimiter },
) {
  /** Serial and PIN are a guessable secret: the same counters as registration's module check. */
  const admit = (request: FastifyRequest, reply: FastifyReply, serial: string) =>
    deps.attempts.admit(request, reply, [
      { policy: 'registerPair', value: `${serial}|${request.ip}` },
      { policy: 'registerSerial', value: serial },
      { policy: 'registerAddress', value: request.ip },
    ])
  const forgive = async (request: FastifyRequest, serial: string) => {
    await deps.attempts.forgive({ policy: 'registerPair', value: `${serial}|${request.ip}` })
    await deps.attempts.forgive({ policy: 'registerSerial', value: serial })
  }
  registerRoute(app, objectRoutes.check, { preValidation: requireUser }, async (request, reply) => {
    if (!(await admit(request, reply, request.body.serial))) return reply
    const result = await deps.objects.check(request.auth!.idClient, request.body.serial, request.body.pin)
    await forgive(request, request.body.serial)
    return result
  })

  registerRoute(app, objectRoutes.nfc, { preValidation: requireUser }, async (request, reply) => {
    const serial = parseNfcCode(request.body.code)?.serial
    if (serial && !(await admit(request, reply, serial))) return reply
    const result = await deps.objects.readNfc(request.body.code)
    await forgive(request, result.serial)
    return result
  })

  registerRoute(app, objectRoutes.create, { preValidation: requireUser }, async (request, reply) => {
    if (!(await admit(request, reply, request.body.serial))) return reply
    const created = await deps.objects.create(request.auth!.idClient, request.body)
    await forgive(request, request.body.serial)
    return reply.code(201).send(created)
  })

  registerRoute(app, objectRoutes.list, { preValidation: requireUser }, (request) =>
    deps.objects.list(request.auth!.idClient),
  )

  registerRoute(app, objectRoutes.get, { preValidation: requireUser }, (request) =>
    deps.objects.get(request.auth!.idClient, request.params.id),
  )

  registerRoute(app, objectRoutes.update, { preValidation: requireUser }, (request) =>
    deps.objects.update(request.auth!.idClient, request.params.id, request.body),
  )

  registerRoute(app, objectRoutes.updateGroups, { preValidation: requireUser }, (request) =>
    deps.objects.assignGroups(request.auth!.idClient, request.params.id, request.body.ids),
  )

  registerRoute(app, objectRoutes.updateRegions, { preValidation: requireUser }, (request) =>
    deps.objects.assignRegions(request.auth!.idClient, request.params.id, request.body.ids),
  )
}
