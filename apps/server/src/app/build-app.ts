import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import fastifyCookie from '@fastify/cookie'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Logger } from 'pino'
import { registerErrorHandler } from './error-handler'
import { docsContentSecurityPolicy, registerSecurityHeaders } from './security-headers'
import { declareSharedAnswers } from './shared-answers'
import { registerWebFiles } from './web-files'

export const webDist = fileURLToPath(new URL('../../../web/dist', import.meta.url))

/**
 * The HTTP application shell: security headers, validation, cookies, OpenAPI, errors and the
 * built web app (from `webRoot`, by default apps/web/dist).
 */
export async function buildApp(options: {
  logger: Logger
  trustProxy?: boolean
  webRoot?: string
  /** The map's tile address (MAP_TILE_URL): the CSP allows its images. */
  mapTileUrl?: string | null
  /** Called before any hook or route is added (tests watch every answer). */
  watch?: (app: FastifyInstance) => void
}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 2 * 1024 * 1024,
    forceCloseConnections: 'idle',
    // One line per request drowns device traffic; failures are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
  })
  options.watch?.(app)
  declareSharedAnswers(app)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  await registerSecurityHeaders(app, { mapTileUrl: options.mapTileUrl })
  await app.register(fastifyCookie)
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Kropla API', version: '1', description: 'Irrigation control and field monitoring' },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: docsContentSecurityPolicy,
  })
  registerErrorHandler(app)
  const webRoot = options.webRoot ?? webDist
  if (fs.existsSync(webRoot)) {
    await registerWebFiles(app, webRoot)
  } else {
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain').send('The web app is not built yet: run `npm run build`.'),
    )
  }
  return app
}
