import { manualOpenRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerRoute } from '../../app/route-table'
import { requireUser } from '../auth/auth-hooks'
import type { ManualControlService } from './manual-control-service'

/** GET /api/manual_opens: the account's busy manual openings (status 4 or lower). */
export function registerManualRoutes(app: FastifyInstance, deps: { manual: ManualControlService }) {
  registerRoute(app, manualOpenRoutes.list, { preValidation: requireUser }, (request) =>
    deps.manual.busy(request.auth!.idClient),
  )
}
