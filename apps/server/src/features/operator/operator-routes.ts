import {
  addFleetModuleSchema,
  apiErrorSchema,
  clientAccessChangeSchema,
  confirmAlarmsAnswerSchema,
  confirmAlarmsRequestSchema,
  fleetImportJobSchema,
  fleetImportReportSchema,
  fleetImportRequestSchema,
  idParamsSchema,
  messageReaderSchema,
  okAnswerSchema,
  operatorAlarmSchema,
  operatorClientDetailSchema,
  operatorClientSchema,
  operatorModuleDetailSchema,
  operatorModuleSchema,
  operatorOverviewSchema,
  operatorUserSchema,
} from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireAdminus } from '../auth/auth-hooks'
import type { OperatorService } from './operator-service'

const readErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema }
const writeErrors = { ...readErrors, 409: apiErrorSchema, 500: apiErrorSchema }

/**
 * The operator's back office, `/api/admin/...` (spec 01 section 2, "/admin"): Adminus only; every
 * other user gets 403 access_denied, a visitor 401. Messages and templates are in messages-routes.
 */
export function registerOperatorRoutes(app: FastifyInstance, deps: { operator: OperatorService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { operator } = deps
  const base = { preValidation: requireAdminus }
  const tags = ['admin']

  routes.get(
    '/api/admin/overview',
    {
      ...base,
      schema: {
        tags,
        summary: 'Fleet and account figures, silent modules, accounts nearing expiry',
        response: { 200: operatorOverviewSchema, ...readErrors },
      },
    },
    () => operator.overview(),
  )
  routes.get(
    '/api/admin/clients',
    {
      ...base,
      schema: {
        tags,
        summary: 'Every client account',
        response: { 200: z.array(operatorClientSchema), ...readErrors },
      },
    },
    () => operator.clients(),
  )
  routes.get(
    '/api/admin/clients/:id',
    {
      ...base,
      schema: {
        tags,
        summary: 'One client account with its users and modules',
        params: idParamsSchema,
        response: { 200: operatorClientDetailSchema, ...readErrors },
      },
    },
    (request) => operator.client(request.params.id),
  )
  routes.put(
    '/api/admin/clients/:id/access',
    {
      ...base,
      schema: {
        tags,
        summary:
          'Block or unblock a client account, set or clear its expiry; blocking logs its users out at once',
        params: idParamsSchema,
        body: clientAccessChangeSchema,
        response: { 200: operatorClientDetailSchema, ...writeErrors },
      },
    },
    (request) => operator.setAccess(request.params.id, request.body),
  )
  routes.get(
    '/api/admin/users',
    {
      ...base,
      schema: {
        tags,
        summary: 'Every user of every account',
        response: { 200: z.array(operatorUserSchema), ...readErrors },
      },
    },
    () => operator.users(),
  )
  routes.get(
    '/api/admin/devices',
    {
      ...base,
      schema: {
        tags,
        summary: 'The fleet: every manufactured module, activated or not',
        response: { 200: z.array(operatorModuleSchema), ...readErrors },
      },
    },
    () => operator.devices(),
  )
  routes.get(
    '/api/admin/devices/:id',
    {
      ...base,
      schema: {
        tags,
        summary: 'One module of the fleet with its last ingest rejections',
        params: idParamsSchema,
        response: { 200: operatorModuleDetailSchema, ...readErrors },
      },
    },
    (request) => operator.device(request.params.id),
  )
  routes.post(
    '/api/admin/devices',
    {
      ...base,
      schema: {
        tags,
        summary: 'Add one manufactured module to the fleet',
        body: addFleetModuleSchema,
        response: { 201: operatorModuleDetailSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await operator.addDevice(request.body)),
  )
  routes.post(
    '/api/admin/devices/:id/credentials',
    {
      ...base,
      schema: {
        tags,
        summary:
          'Give the module a new device secret over its own connection (down/credentials); it logs in with it once it acknowledges',
        params: idParamsSchema,
        response: { 200: operatorModuleDetailSchema, ...writeErrors },
      },
    },
    (request) => operator.giveSecret(request.params.id, request.auth!.user),
  )
  routes.post(
    '/api/admin/devices/import',
    {
      ...base,
      bodyLimit: 4_000_000,
      schema: {
        tags,
        summary:
          'Import a fleet CSV (serial, pin, model, optional secret): all lines or none, with a report per refused line; a file of over 1000 lines is imported in the background, answered 202 with the job (poll GET /api/admin/devices/import/{id}), 409 import_running while another runs',
        body: fleetImportRequestSchema,
        response: { 200: fleetImportReportSchema, 202: fleetImportJobSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const answer = await operator.importCsv(request.body.csv)
      if ('id' in answer) reply.code(202)
      return answer
    },
  )
  routes.get(
    '/api/admin/devices/import/:id',
    {
      ...base,
      schema: {
        tags,
        summary: "A fleet import's progress and, once ended, its report (kept an hour after it ends)",
        params: z.object({ id: z.uuid() }),
        response: { 200: fleetImportJobSchema, ...readErrors },
      },
    },
    (request) => operator.importJob(request.params.id),
  )
  routes.get(
    '/api/admin/objects',
    {
      ...base,
      schema: {
        tags,
        summary: 'Every module activated in any account',
        response: { 200: z.array(operatorModuleSchema), ...readErrors },
      },
    },
    () => operator.objects(),
  )
  routes.get(
    '/api/admin/objects/:id',
    {
      ...base,
      schema: {
        tags,
        summary: 'One module with its last ingest rejections',
        params: idParamsSchema,
        response: { 200: operatorModuleDetailSchema, ...readErrors },
      },
    },
    (request) => operator.device(request.params.id),
  )
  routes.delete(
    '/api/admin/objects/:id',
    {
      ...base,
      schema: {
        tags,
        summary: 'Delete a module with its data',
        params: idParamsSchema,
        response: { 200: okAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      await operator.deleteObject(request.params.id)
      return { ok: true as const }
    },
  )
  routes.get(
    '/api/admin/alarms',
    {
      ...base,
      schema: {
        tags,
        summary: 'Alarms of every account (not removed), newest first',
        response: { 200: z.array(operatorAlarmSchema), ...readErrors },
      },
    },
    () => operator.alarms(),
  )
  routes.post(
    '/api/admin/alarms/confirm',
    {
      ...base,
      schema: {
        tags,
        summary: 'Confirm many alarms of any accounts at once',
        body: confirmAlarmsRequestSchema,
        response: { 200: confirmAlarmsAnswerSchema, ...writeErrors },
      },
    },
    (request) => operator.confirmAlarms(request.auth!.user, request.body.ids),
  )
  routes.get(
    '/api/admin/users_messages/:id',
    {
      ...base,
      schema: {
        tags,
        summary: 'Who got one message and who read it',
        params: idParamsSchema,
        response: { 200: z.array(messageReaderSchema), ...readErrors },
      },
    },
    (request) => operator.messageReaders(request.params.id),
  )
}
