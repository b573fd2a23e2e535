import { idParamsSchema } from '../resources/common'
import { moduleDiagnosticsSchema } from '../test-area/diagnostics'
import {
  outputTestRequestSchema,
  testRunSchema,
  testRunsAnswerSchema,
  testRunsQuerySchema,
  walkTestRequestSchema,
} from '../test-area/test-runs'
import { refusals, route } from './route'

export const testAreaRoutes = {
  listRuns: route({
    method: 'GET',
    path: '/api/test/runs',
    summary:
      "The account's test runs, newest first: `limit` (1-100, 20) per page, `before` a run id for the next page, `kind` to filter",
    tags: ['test'],
    query: testRunsQuerySchema,
    answers: { 200: testRunsAnswerSchema, ...refusals(400, 401, 403, 404) },
  }),
  getRun: route({
    method: 'GET',
    path: '/api/test/runs/:id',
    summary: 'One test run of the account, with each item’s result and reason',
    tags: ['test'],
    params: idParamsSchema,
    answers: { 200: testRunSchema, ...refusals(400, 401, 403, 404) },
  }),
  testOutput: route({
    method: 'POST',
    path: '/api/test/outputs/:id',
    summary:
      'Pulse an output for `seconds` (1-600): passes when the module confirms it on and then off. 409 while a schedule runs it (the refusal is recorded) or a test holds it',
    tags: ['test'],
    params: idParamsSchema,
    body: outputTestRequestSchema,
    answers: { 201: testRunSchema, ...refusals(400, 401, 403, 404, 409, 500) },
  }),
  testGroup: route({
    method: 'POST',
    path: '/api/test/groups/:id',
    summary: 'Walk a group of outputs: each output in turn for `seconds`, pass or fail each',
    tags: ['test'],
    params: idParamsSchema,
    body: walkTestRequestSchema,
    answers: { 201: testRunSchema, ...refusals(400, 401, 403, 404, 409, 500) },
  }),
  testResources: route({
    method: 'POST',
    path: '/api/test/resources',
    summary: 'Walk every output of the sections and water sources, each once, for `seconds` each',
    tags: ['test'],
    body: walkTestRequestSchema,
    answers: { 201: testRunSchema, ...refusals(400, 401, 403, 404, 409, 500) },
  }),
  cancelRun: route({
    method: 'POST',
    path: '/api/test/runs/:id/cancel',
    summary:
      'Cancel a running walk: the output open now is closed, the rest skipped; answers the run (its end follows as test_runs)',
    tags: ['test'],
    params: idParamsSchema,
    answers: { 200: testRunSchema, ...refusals(400, 401, 403, 404) },
  }),
  diagnostics: route({
    method: 'GET',
    path: '/api/test/objects/:id',
    summary: "A module's diagnostics: its outputs, the last messages and ingest's refusals with reasons",
    tags: ['test'],
    params: idParamsSchema,
    answers: { 200: moduleDiagnosticsSchema, ...refusals(400, 401, 403, 404) },
  }),
}
