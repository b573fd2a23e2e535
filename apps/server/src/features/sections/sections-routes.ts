import { sectionRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerResourceRoutes } from '../resource-usage/resource-routes'
import type { SectionsService } from './sections-service'

/** /api/sections of the current client account. */
export function registerSectionRoutes(app: FastifyInstance, deps: { sections: SectionsService }) {
  registerResourceRoutes(app, sectionRoutes, deps.sections)
}
