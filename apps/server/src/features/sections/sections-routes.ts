import { saveSectionSchema, sectionSchema } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerResourceRoutes } from '../resource-usage/resource-routes'
import type { SectionsService } from './sections-service'

/** /api/sections of the current client account. */
export function registerSectionRoutes(app: FastifyInstance, deps: { sections: SectionsService }) {
  registerResourceRoutes(app, {
    path: '/api/sections',
    tag: 'sections',
    item: sectionSchema,
    save: saveSectionSchema,
    service: deps.sections,
    summaries: {
      list: 'Irrigation sections of the account',
      get: 'One section',
      create: 'Add a section: soil type 1-4, plant 1-17, groups of outputs, a water source of the account',
      update: 'Edit a section; its groups are replaced',
      remove: 'Remove a section',
      usage: 'What holds the section (schedules, once they exist)',
    },
  })
}
