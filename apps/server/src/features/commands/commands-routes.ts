import { commandRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerRoute } from '../../app/route-table'
import { requireUser } from '../auth/auth-hooks'
import type { CommandService } from './command-service'

/** GET /api/commands: the account's recent commands, newest first. */
export function registerCommandsRoutes(app: FastifyInstance, deps: { commands: CommandService }) {
  registerRoute(app, commandRoutes.list, { preValidation: requireUser }, (request) =>
    deps.commands.recent(request.auth!.idClient, request.query.limit),
  )
}
