import type { ResourceUsage, resourceRoutes, usageRoute } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { registerRoute } from '../../app/route-table'
import { requireUser } from '../auth/auth-hooks'

/** What a resource's routes call; every call is scoped to the session's client account. */
export interface ResourceService<Item, Input> {
  list(idClient: number): Promise<Item[]>
  get(idClient: number, id: number): Promise<Item>
  create(idClient: number, input: Input): Promise<Item>
  update(idClient: number, id: number, input: Input): Promise<Item>
  remove(idClient: number, id: number): Promise<void>
  usage?(idClient: number, id: number): Promise<ResourceUsage>
}

type ResourceEntries<Item extends z.ZodType, Save extends z.ZodType> = ReturnType<
  typeof resourceRoutes<string, Item, Save>
> & { usage?: ReturnType<typeof usageRoute<string>> }

/**
 * The routes of a resource of the current client account (any of its users, as for modules), as
 * the route table declares them (`resourceRoutes` in @kropla/domain): GET list, GET :id, POST
 * (201), PUT :id, DELETE :id and, where the table has it, GET :id/usage. Another account's id
 * answers 404 not_found.
 */
export function registerResourceRoutes<Item extends z.ZodType, Save extends z.ZodType>(
  app: FastifyInstance,
  table: ResourceEntries<Item, Save>,
  service: ResourceService<z.output<Item>, z.output<Save>>,
) {
  // The handlers cannot be typed through a generic schema: the routes see plain zod types, and the
  // service's types (output<Item>, output<Save>) hold what goes in and out.
  const routes: ResourceEntries<z.ZodType, z.ZodType> = table
  const options = { preValidation: requireUser }
  registerRoute(app, routes.list, options, (request) => service.list(request.auth!.user.id_client))
  registerRoute(app, routes.get, options, (request) =>
    service.get(request.auth!.user.id_client, request.params.id),
  )
  registerRoute(app, routes.create, options, async (request, reply) => {
    const created = await service.create(request.auth!.user.id_client, request.body as z.output<Save>)
    return reply.code(201).send(created)
  })
  registerRoute(app, routes.update, options, (request) =>
    service.update(request.auth!.user.id_client, request.params.id, request.body as z.output<Save>),
  )
  registerRoute(app, routes.remove, options, async (request) => {
    await service.remove(request.auth!.user.id_client, request.params.id)
    return { ok: true as const }
  })
  const { usage } = routes
  if (usage) {
    const usageOf = service.usage?.bind(service)
    if (!usageOf) throw new Error(`${usage.path}: the route table has it, the service has no usage`)
    registerRoute(app, usage, options, (request) => usageOf(request.auth!.user.id_client, request.params.id))
  }
}
