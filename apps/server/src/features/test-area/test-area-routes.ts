import { testAreaRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerRoute } from '../../app/route-table'
import { requireUser } from '../auth/auth-hooks'
import type { DiagnosticsService } from './diagnostics-service'
import type { TestRunsService } from './test-runs-service'
import type { TestWalks } from './test-walks'

/** /api/test/runs: the test area's history of the current client account (any of its users). */
export function registerTestRunRoutes(app: FastifyInstance, deps: { runs: TestRunsService }) {
  registerRoute(app, testAreaRoutes.listRuns, { preValidation: requireUser }, (request) =>
    deps.runs.list(request.auth!.idClient, request.query),
  )
  registerRoute(app, testAreaRoutes.getRun, { preValidation: requireUser }, (request) =>
    deps.runs.get(request.auth!.idClient, request.params.id),
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
  const who = (auth: { idClient: number; user: { id: number } }) => ({
    idClient: auth.idClient,
    idUser: auth.user.id,
  })
  registerRoute(app, testAreaRoutes.testOutput, { preValidation: requireUser }, async (request, reply) =>
    reply
      .code(201)
      .send(await deps.walks.testOutput(who(request.auth!), request.params.id, request.body.seconds)),
  )
  registerRoute(app, testAreaRoutes.testGroup, { preValidation: requireUser }, async (request, reply) =>
    reply
      .code(201)
      .send(await deps.walks.testGroup(who(request.auth!), request.params.id, request.body.seconds)),
  )
  registerRoute(app, testAreaRoutes.testResources, { preValidation: requireUser }, async (request, reply) =>
    reply.code(201).send(await deps.walks.testResources(who(request.auth!), request.body.seconds)),
  )
  registerRoute(app, testAreaRoutes.cancelRun, { preValidation: requireUser }, (request) =>
    deps.walks.cancel(request.auth!.idClient, request.params.id),
  )
  registerRoute(app, testAreaRoutes.diagnostics, { preValidation: requireUser }, (request) =>
    deps.diagnostics.module(request.auth!.idClient, request.params.id),
  )
}
