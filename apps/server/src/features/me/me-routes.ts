import { meRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerRoute } from '../../app/route-table'
import { requireUser } from '../auth/auth-hooks'
import type { MeService } from './me-service'

export function registerMeRoutes(app: FastifyInstance, deps: { me: MeService }) {
  registerRoute(app, meRoutes.get, { preValidation: requireUser }, (request) =>
    deps.me.describe(request.auth!),
  )
}
