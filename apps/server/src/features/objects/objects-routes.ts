import {
  apiErrorSchema,
  createObjectSchema,
  idParamsSchema,
  nfcCheckResultSchema,
  nfcCodeSchema,
  objectAssignmentSchema,
  objectCheckResultSchema,
  objectCheckSchema,
  objectDetailSchema,
  parseNfcCode,
  updateObjectSchema,
} from '@kropla/domain'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AttemptLimiter } from '../auth/attempt-limiter'
import { requireUser } from '../auth/auth-hooks'
import type { ObjectsService } from './objects-service'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema }
const addErrors = { ...errors, 409: apiErrorSchema, 429: apiErrorSchema, 500: apiErrorSchema }

/** Modules of the current client account (spec 01: /kropla_2/modules and the add-module wizard). */
export function registerObjectsRoutes(
  app: FastifyInstance,
  deps: { objects: ObjectsService; attempts: AttemptLimiter },
) {
  /** Serial and PIN are a guessable secret: the same counters as registration's module check. */
  const admit = (request: FastifyRequest, reply: FastifyReply, serial: string) =>
    deps.attempts.admit(request, reply, [
      { policy: 'registerPair', value: `${serial}|${request.ip}` },
      { policy: 'registerSerial', value: serial },
      { policy: 'registerAddress', value: request.ip },
    ])
  const forgive = async (request: FastifyRequest, serial: string) => {
    await deps.attempts.forgive({ policy: 'registerPair', value: `${serial}|${request.ip}` })
    await deps.attempts.forgive({ policy: 'registerSerial', value: serial })
  }

  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.post(
    '/api/objects/check',
    {
      preValidation: requireUser,
      schema: {
        tags: ['objects'],
        summary: 'Add-module wizard, step 1: the model behind a serial number and PIN that may be added',
        body: objectCheckSchema,
        response: { 200: objectCheckResultSchema, ...addErrors },
      },
    },
    async (request, reply) => {
      if (!(await admit(request, reply, request.body.serial))) return reply
      const result = await deps.objects.check(request.auth!.idClient, request.body.serial, request.body.pin)
      await forgive(request, request.body.serial)
      return result
    },
  )

  routes.post(
    '/api/objects/nfc',
    {
      preValidation: requireUser,
      schema: {
        tags: ['objects'],
        summary: "Add-module wizard: the module an NFC tag's code names (KROPLA:<serial>:<pin>), when free",
        body: nfcCodeSchema,
        response: { 200: nfcCheckResultSchema, ...addErrors },
      },
    },
    async (request, reply) => {
      const serial = parseNfcCode(request.body.code)?.serial
      if (serial && !(await admit(request, reply, serial))) return reply
      const result = await deps.objects.readNfc(request.body.code)
      await forgive(request, result.serial)
      return result
    },
  )

  routes.post(
    '/api/objects',
    {
      preValidation: requireUser,
      schema: {
        tags: ['objects'],
        summary:
          'Add a module to the account (serial number, PIN and settings); its outputs are created with it',
        body: createObjectSchema,
        response: { 201: objectDetailSchema, ...addErrors },
      },
    },
    async (request, reply) => {
      if (!(await admit(request, reply, request.body.serial))) return reply
      const created = await deps.objects.create(request.auth!.idClient, request.body)
      await forgive(request, request.body.serial)
      return reply.code(201).send(created)
    },
  )

  routes.get(
    '/api/objects',
    {
      preValidation: requireUser,
      schema: {
        tags: ['objects'],
        summary: "The account's modules with their settings, groups, regions and reconfiguration state",
        response: { 200: z.array(objectDetailSchema), ...errors },
      },
    },
    (request) => deps.objects.list(request.auth!.idClient),
  )

  routes.get(
    '/api/objects/:id',
    {
      preValidation: requireUser,
      schema: {
        tags: ['objects'],
        summary: 'One module of the account',
        params: idParamsSchema,
        response: { 200: objectDetailSchema, ...errors },
      },
    },
    (request) => deps.objects.get(request.auth!.idClient, request.params.id),
  )

  routes.put(
    '/api/objects/:id',
    {
      preValidation: requireUser,
      schema: {
        tags: ['objects'],
        summary:
          "A module's name, marker, location, properties and config (labels, units, thresholds, AM-600 inputs); changed properties or config are sent to the module",
        params: idParamsSchema,
        body: updateObjectSchema,
        response: { 200: objectDetailSchema, ...errors, 500: apiErrorSchema },
      },
    },
    (request) => deps.objects.update(request.auth!.idClient, request.params.id, request.body),
  )

  routes.put(
    '/api/objects/:id/groups',
    {
      preValidation: requireUser,
      schema: {
        tags: ['objects'],
        summary: "The module's groups (groups of modules of the account; groupable models only)",
        params: idParamsSchema,
        body: objectAssignmentSchema,
        response: { 200: objectDetailSchema, ...errors, 500: apiErrorSchema },
      },
    },
    (request) => deps.objects.assignGroups(request.auth!.idClient, request.params.id, request.body.ids),
  )

  routes.put(
    '/api/objects/:id/regions',
    {
      preValidation: requireUser,
      schema: {
        tags: ['objects'],
        summary: "The map regions the module is in (the account's regions)",
        params: idParamsSchema,
        body: objectAssignmentSchema,
        response: { 200: objectDetailSchema, ...errors, 500: apiErrorSchema },
      },
    },
    (request) => deps.objects.assignRegions(request.auth!.idClient, request.params.id, request.body.ids),
  )
}
