import { outputRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerResourceRoutes } from '../resource-usage/resource-routes'
import type { OutputsService } from './outputs-service'

/** /api/outputs: outputs and input equipment of the current client account. */
export function registerOutputRoutes(app: FastifyInstance, deps: { outputs: OutputsService }) {
  registerResourceRoutes(app, outputRoutes, deps.outputs)
}
