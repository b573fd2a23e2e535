import { operatorRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerRoute } from '../../app/route-table'
import { requireAdminus } from '../auth/auth-hooks'
import type { OperatorService } from './operator-service'

/**
 * The operator's back office, `/api/admin/...` (spec 01 section 2, "/admin"): Adminus only; every
 * other user gets 403 access_denied, a visitor 401. Messages and templates are in messages-routes.
 */
export function registerOperatorRoutes(app: FastifyInstance, deps: { operator: OperatorService }) {
  const { operator } = deps
  const base = { preValidation: requireAdminus }

  registerRoute(app, operatorRoutes.overview, base, () => operator.overview())
  registerRoute(app, operatorRoutes.listClients, base, () => operator.clients())
  registerRoute(app, operatorRoutes.getClient, base, (request) => operator.client(request.params.id))
  registerRoute(app, operatorRoutes.updateClientAccess, base, (request) =>
    operator.setAccess(request.params.id, request.body),
  )
  registerRoute(app, operatorRoutes.listUsers, base, () => operator.users())
  registerRoute(app, operatorRoutes.listDevices, base, () => operator.devices())
  registerRoute(app, operatorRoutes.getDevice, base, (request) => operator.device(request.params.id))
  registerRoute(app, operatorRoutes.addDevice, base, async (request, reply) =>
    reply.code(201).send(await operator.addDevice(request.body)),
  )
  registerRoute(app, operatorRoutes.giveDeviceSecret, base, (request) =>
    operator.giveSecret(request.params.id, request.auth!.user),
  )
  // A large file is imported in the background (ADR 0094): 202 and the job, polled below.
  registerRoute(
    app,
    operatorRoutes.importDevices,
    { ...base, bodyLimit: 4_000_000 },
    async (request, reply) => {
      const answer = await operator.importCsv(request.body.csv)
      return 'id' in answer ? reply.code(202).send(answer) : answer
    },
  )
  registerRoute(app, operatorRoutes.importJob, base, (request) => operator.importJob(request.params.id))
  registerRoute(app, operatorRoutes.listObjects, base, () => operator.objects())
  registerRoute(app, operatorRoutes.getObject, base, (request) => operator.device(request.params.id))
  registerRoute(app, operatorRoutes.removeObject, base, async (request) => {
    await operator.deleteObject(request.params.id)
    return { ok: true as const }
  })
  registerRoute(app, operatorRoutes.listAlarms, base, () => operator.alarms())
  registerRoute(app, operatorRoutes.confirmAlarms, base, (request) =>
    operator.confirmAlarms(request.auth!.user, request.body.ids),
  )
  registerRoute(app, operatorRoutes.messageReaders, base, (request) =>
    operator.messageReaders(request.params.id),
  )
}
