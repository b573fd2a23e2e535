import {
  apiErrorSchema,
  idParamsSchema,
  okAnswerSchema,
  type ResourceUsage,
  resourceUsageSchema,
} from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser } from '../auth/auth-hooks'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema }
const writeErrors = { ...errors, 409: apiErrorSchema, 500: apiErrorSchema }

/** What a resource's routes call; every call is scoped to the session's client account. */
export interface ResourceService<Item, Input> {
  list(idClient: number): Promise<Item[]>
  get(idClient: number, id: number): Promise<Item>
  create(idClient: number, input: Input): Promise<Item>
  update(idClient: number, id: number, input: Input): Promise<Item>
  remove(idClient: number, id: number): Promise<void>
  usage?(idClient: number, id: number): Promise<ResourceUsage>
}

export interface ResourceRoutes<Item extends z.ZodType, Save extends z.ZodType> {
  /** e.g. /api/water_sources */
  path: string
  tag: string
  item: Item
  save: Save
  service: ResourceService<z.output<Item>, z.output<Save>>
  summaries: { list: string; get: string; create: string; update: string; remove: string; usage?: string }
}

/**
 * The routes of a resource of the current client account (any of its users, as for modules):
 * GET list, GET :id, POST (201), PUT :id, DELETE :id and, when the service has it, GET :id/usage.
 * Another account's id answers 404 not_found.
 */
export function registerResourceRoutes<Item extends z.ZodType, Save extends z.ZodType>(
  app: FastifyInstance,
  options: ResourceRoutes<Item, Save>,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { path, service, summaries } = options
  const tags = [options.tag]
  // The type provider cannot resolve a generic schema: the routes see plain zod types, and the
  // service's types (output<Item>, output<Save>) hold what goes in and out.
  const item: z.ZodType = options.item
  const save: z.ZodType = options.save

  routes.get(
    path,
    {
      preValidation: requireUser,
      schema: { tags, summary: summaries.list, response: { 200: z.array(item), ...errors } },
    },
    (request) => service.list(request.auth!.user.id_client),
  )
  routes.get(
    `${path}/:id`,
    {
      preValidation: requireUser,
      schema: { tags, summary: summaries.get, params: idParamsSchema, response: { 200: item, ...errors } },
    },
    (request) => service.get(request.auth!.user.id_client, request.params.id),
  )
  routes.post(
    path,
    {
      preValidation: requireUser,
      schema: { tags, summary: summaries.create, body: save, response: { 201: item, ...writeErrors } },
    },
    async (request, reply) => {
      const created = await service.create(request.auth!.user.id_client, request.body as z.output<Save>)
      return reply.code(201).send(created)
    },
  )
  routes.put(
    `${path}/:id`,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: summaries.update,
        params: idParamsSchema,
        body: save,
        response: { 200: item, ...writeErrors },
      },
    },
    (request) =>
      service.update(request.auth!.user.id_client, request.params.id, request.body as z.output<Save>),
  )
  routes.delete(
    `${path}/:id`,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: summaries.remove,
        params: idParamsSchema,
        response: { 200: okAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      await service.remove(request.auth!.user.id_client, request.params.id)
      return { ok: true as const }
    },
  )
  const usage = service.usage?.bind(service)
  if (usage)
    routes.get(
      `${path}/:id/usage`,
      {
        preValidation: requireUser,
        schema: {
          tags,
          summary:
            summaries.usage ?? 'What holds it: blocking uses refuse removal, warnings are detached by it',
          params: idParamsSchema,
          response: { 200: resourceUsageSchema, ...errors },
        },
      },
      (request) => usage(request.auth!.user.id_client, request.params.id),
    )
}
