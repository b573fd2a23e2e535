import { groupSchema, saveGroupSchema } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerResourceRoutes } from '../resource-usage/resource-routes'
import type { GroupsService } from './groups-service'

/** /api/groups of the current client account. */
export function registerGroupRoutes(app: FastifyInstance, deps: { groups: GroupsService }) {
  registerResourceRoutes(app, {
    path: '/api/groups',
    tag: 'groups',
    item: groupSchema,
    save: saveGroupSchema,
    service: deps.groups,
    summaries: {
      list: 'Groups of the account, with their elements and element count',
      get: 'One group',
      create: 'Add a group of modules (groupable models only: not_groupable) or of outputs',
      update:
        'Edit a group; its elements are replaced (a new scope drops the old ones; a group sections use stays of outputs)',
      remove: 'Remove a group; sections holding it lose it',
      usage: 'Sections holding the group (warnings: removal detaches them)',
    },
  })
}
