import {
  apiErrorSchema,
  idParamsSchema,
  moduleDiagnosticsSchema,
  outputTestRequestSchema,
  testRunSchema,
  testRunsAnswerSchema,
  testRunsQuerySchema,
  walkTestRequestSchema,
} from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser } from '../auth/auth-hooks'
import type { DiagnosticsService } from './diagnostics-service'
import type { TestRunsService } from './test-runs-service'
import type { TestWalks } from './test-walks'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema }
const startErrors = { ...errors, 409: apiErrorSchema, 500: apiErrorSchema }

/** /api/test/runs: the test area's history of the current client account (any of its users). */
export function registerTestRunRoutes(app: FastifyInstance, deps: { runs: TestRunsService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.get(
    '/api/test/runs',
    {
      preValidation: requireUser,
      schema: {
        tags: ['test'],
        summary:
          "The account's test runs, newest first: `limit` (1-100, 20) per page, `before` a run id for the next page, `kind` to filter",
        querystring: testRunsQuerySchema,
        response: { 200: testRunsAnswerSchema, ...errors },
      },
    },
    (request) => deps.runs.list(request.auth!.idClient, request.query),
  )
  routes.get(
    '/api/test/runs/:id',
    {
      preValidation: requireUser,
      schema: {
        tags: ['test'],
        summary: 'One test run of the account, with each item’s result and reason',
        params: idParamsSchema,
        response: { 200: testRunSchema, ...errors },
      },
    },
    (request) => deps.runs.get(request.auth!.idClient, request.params.id),
  )
}

/**
 * The test area's tests (issue 16): POST /api/test/outputs/:id (pulse one output),
 * /api/test/groups/:id and /api/test/resources (walks), /api/test/runs/:id/cancel, and
 * GET /api/test/objects/:id (a module's diagnostics). A test answers its run as it starts (201);
 * its progress and result follow as `test_runs` events and in /api/test/runs.
 */
export function registerTestRoutes(
  app: FastifyInstance,
  deps: { walks: TestWalks; diagnostics: DiagnosticsService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const who = (auth: { idClient: number; user: { id: number } }) => ({
    idClient: auth.idClient,
    idUser: auth.user.id,
  })
  routes.post(
    '/api/test/outputs/:id',
    {
      preValidation: requireUser,
      schema: {
        tags: ['test'],
        summary:
          'Pulse an output for `seconds` (1-600): passes when the module confirms it on and then off. 409 while a schedule runs it (the refusal is recorded) or a test holds it',
        params: idParamsSchema,
        body: outputTestRequestSchema,
        response: { 201: testRunSchema, ...startErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await deps.walks.testOutput(who(request.auth!), request.params.id, request.body.seconds)),
  )
  routes.post(
    '/api/test/groups/:id',
    {
      preValidation: requireUser,
      schema: {
        tags: ['test'],
        summary: 'Walk a group of outputs: each output in turn for `seconds`, pass or fail each',
        params: idParamsSchema,
        body: walkTestRequestSchema,
        response: { 201: testRunSchema, ...startErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await deps.walks.testGroup(who(request.auth!), request.params.id, request.body.seconds)),
  )
  routes.post(
    '/api/test/resources',
    {
      preValidation: requireUser,
      schema: {
        tags: ['test'],
        summary: 'Walk every output of the sections and water sources, each once, for `seconds` each',
        body: walkTestRequestSchema,
        response: { 201: testRunSchema, ...startErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await deps.walks.testResources(who(request.auth!), request.body.seconds)),
  )
  routes.post(
    '/api/test/runs/:id/cancel',
    {
      preValidation: requireUser,
      schema: {
        tags: ['test'],
        summary:
          'Cancel a running walk: the output open now is closed, the rest skipped; answers the run (its end follows as test_runs)',
        params: idParamsSchema,
        response: { 200: testRunSchema, ...errors },
      },
    },
    (request) => deps.walks.cancel(request.auth!.idClient, request.params.id),
  )
  routes.get(
    '/api/test/objects/:id',
    {
      preValidation: requireUser,
      schema: {
        tags: ['test'],
        summary: "A module's diagnostics: its outputs, the last messages and ingest's refusals with reasons",
        params: idParamsSchema,
        response: { 200: moduleDiagnosticsSchema, ...errors },
      },
    },
    (request) => deps.diagnostics.module(request.auth!.idClient, request.params.id),
  )
}
