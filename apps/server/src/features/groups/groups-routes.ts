import { groupRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerResourceRoutes } from '../resource-usage/resource-routes'
import type { GroupsService } from './groups-service'

/** /api/groups of the current client account. */
export function registerGroupRoutes(app: FastifyInstance, deps: { groups: GroupsService }) {
  registerResourceRoutes(app, groupRoutes, deps.groups)
}
