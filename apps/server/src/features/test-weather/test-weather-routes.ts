import { testWeatherRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerRoute } from '../../app/route-table'
import { requireUser } from '../auth/auth-hooks'
import type { TestWeatherService } from './test-weather-service'

/** /api/test/weather: the check of the current client account's weather stations. */
export function registerTestWeatherRoutes(app: FastifyInstance, deps: { testWeather: TestWeatherService }) {
  registerRoute(app, testWeatherRoutes.weather, { preValidation: requireUser }, (request) =>
    deps.testWeather.check(request.auth!.idClient, request.auth!.user.id),
  )
}
