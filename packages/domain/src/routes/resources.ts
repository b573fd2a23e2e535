import { z } from 'zod'
import { okAnswerSchema } from '../answers/common'
import { idParamsSchema, resourceUsageSchema } from '../resources/common'
import { outputSchema, saveOutputSchema } from '../resources/equipment'
import { groupSchema, saveGroupSchema } from '../resources/groups'
import { geoObjectSchema, regionSchema, saveGeoObjectSchema, saveRegionSchema } from '../resources/regions'
import { saveSectionSchema, sectionSchema } from '../resources/sections'
import { saveWaterSourceSchema, waterSourceSchema } from '../resources/water-sources'
import { refusals, route } from './route'

const readRefusals = refusals(400, 401, 403, 404)
const writeRefusals = refusals(400, 401, 403, 404, 409, 500)

/**
 * The five routes of a resource of the current client account: GET the list, GET `:id`, POST
 * (201), PUT `:id`, DELETE `:id`. Another account's id answers 404 not_found.
 */
export function resourceRoutes<
  const Path extends string,
  Item extends z.ZodType,
  Save extends z.ZodType,
>(resource: {
  /** e.g. /api/water_sources */
  path: Path
  tag: string
  item: Item
  save: Save
  summaries: { list: string; get: string; create: string; update: string; remove: string }
}) {
  const { path, item, save, summaries } = resource
  const tags = [resource.tag]
  const one = `${path}/:id` as const
  return {
    list: route({
      method: 'GET',
      path,
      summary: summaries.list,
      tags,
      answers: { 200: z.array(item), ...readRefusals },
    }),
    get: route({
      method: 'GET',
      path: one,
      summary: summaries.get,
      tags,
      params: idParamsSchema,
      answers: { 200: item, ...readRefusals },
    }),
    create: route({
      method: 'POST',
      path,
      summary: summaries.create,
      tags,
      body: save,
      answers: { 201: item, ...writeRefusals },
    }),
    update: route({
      method: 'PUT',
      path: one,
      summary: summaries.update,
      tags,
      params: idParamsSchema,
      body: save,
      answers: { 200: item, ...writeRefusals },
    }),
    remove: route({
      method: 'DELETE',
      path: one,
      summary: summaries.remove,
      tags,
      params: idParamsSchema,
      answers: { 200: okAnswerSchema, ...writeRefusals },
    }),
  }
}

/** GET `<path>/:id/usage`: what holds a resource; blocking uses refuse its removal, warnings are detached by it. */
export function usageRoute<const Path extends string>(path: Path, tag: string, summary: string) {
  return route({
    method: 'GET',
    path: `${path}/:id/usage`,
    summary,
    tags: [tag],
    params: idParamsSchema,
    answers: { 200: resourceUsageSchema, ...readRefusals },
  })
}

export const outputRoutes = {
  ...resourceRoutes({
    path: '/api/outputs',
    tag: 'outputs',
    item: outputSchema,
    save: saveOutputSchema,
    summaries: {
      list: 'Outputs and input equipment of the account',
      get: 'One output or piece of equipment',
      create:
        "Wire equipment to a module terminal: kind, type and properties must suit the module's model; one per terminal (interface_taken)",
      update: 'Edit an output or piece of equipment; its groups and regions are replaced',
      remove:
        'Remove an output: refused (resource_in_use) while a water source uses it; groups and regions let it go',
    },
  }),
  usage: usageRoute(
    '/api/outputs',
    'outputs',
    'What holds the output: water sources block its removal, groups and regions only warn',
  ),
}

export const waterSourceRoutes = {
  ...resourceRoutes({
    path: '/api/water_sources',
    tag: 'water sources',
    item: waterSourceSchema,
    save: saveWaterSourceSchema,
    summaries: {
      list: 'Water sources of the account',
      get: 'One water source with its clean and fertigated outputs',
      create: 'Add a water source: at least one clean-water output, no output both clean and fertigated',
      update: 'Edit a water source; its outputs are replaced',
      remove: 'Remove a water source; sections and outputs drawing from it are left without one',
    },
  }),
  usage: usageRoute(
    '/api/water_sources',
    'water sources',
    'Sections and outputs drawing from the water source (warnings: removal detaches them)',
  ),
}

export const groupRoutes = {
  ...resourceRoutes({
    path: '/api/groups',
    tag: 'groups',
    item: groupSchema,
    save: saveGroupSchema,
    summaries: {
      list: 'Groups of the account, with their elements and element count',
      get: 'One group',
      create: 'Add a group of modules (groupable models only: not_groupable) or of outputs',
      update:
        'Edit a group; its elements are replaced (a new scope drops the old ones; a group sections use stays of outputs)',
      remove: 'Remove a group; sections holding it lose it',
    },
  }),
  usage: usageRoute('/api/groups', 'groups', 'Sections holding the group (warnings: removal detaches them)'),
}

export const sectionRoutes = {
  ...resourceRoutes({
    path: '/api/sections',
    tag: 'sections',
    item: sectionSchema,
    save: saveSectionSchema,
    summaries: {
      list: 'Irrigation sections of the account',
      get: 'One section',
      create: 'Add a section: soil type 1-4, plant 1-17, groups of outputs, a water source of the account',
      update: 'Edit a section; its groups are replaced',
      remove: 'Remove a section',
    },
  }),
  usage: usageRoute('/api/sections', 'sections', 'What holds the section (schedules, once they exist)'),
}

export const regionRoutes = resourceRoutes({
  path: '/api/regions',
  tag: 'regions',
  item: regionSchema,
  save: saveRegionSchema,
  summaries: {
    list: 'Map regions of the account',
    get: 'One region with its modules',
    create: 'Add a region: at least three points; modules of the account',
    update: 'Edit a region; its points and modules are replaced',
    remove: 'Remove a region; its modules and outputs leave it',
  },
})

export const geoObjectRoutes = resourceRoutes({
  path: '/api/geo_objects',
  tag: 'regions',
  item: geoObjectSchema,
  save: saveGeoObjectSchema,
  summaries: {
    list: 'Geo objects (points of interest) of the account',
    get: 'One geo object',
    create: 'Add a geo object with its marker and location',
    update: 'Edit a geo object',
    remove: 'Remove a geo object',
  },
})
