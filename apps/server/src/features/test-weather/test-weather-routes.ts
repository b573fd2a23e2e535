import { apiErrorSchema, weatherCheckAnswerSchema } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireUser } from '../auth/auth-hooks'
import type { TestWeatherService } from './test-weather-service'

/** /api/test/weather: the check of the current client account's weather stations. */
export function registerTestWeatherRoutes(app: FastifyInstance, deps: { testWeather: TestWeatherService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.post(
    '/api/test/weather',
    {
      preValidation: requireUser,
      schema: {
        tags: ['test'],
        summary:
          "Check every weather reading of the account's stations now (AM-200 air, AM-600 rain gauges, anemometers, wind vanes, inputs in hPa or W/m²): plausible range, stuck, age; recorded as a test run",
        response: { 200: weatherCheckAnswerSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    (request) => deps.testWeather.check(request.auth!.idClient, request.auth!.user.id),
  )
}
