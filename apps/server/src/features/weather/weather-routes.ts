import { weatherRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerRoute } from '../../app/route-table'
import { requireAdmin, requireUser } from '../auth/auth-hooks'
import type { WeatherService } from './weather-service'

/** /api/weather: the current client account's weather from its own stations, and their choice. */
export function registerWeatherRoutes(app: FastifyInstance, deps: { weather: WeatherService }) {
  registerRoute(app, weatherRoutes.get, { preValidation: requireUser }, (request) =>
    deps.weather.weather(request.auth!.user.id_client),
  )
  registerRoute(app, weatherRoutes.getSettings, { preValidation: requireUser }, (request) =>
    deps.weather.getSettings(request.auth!.user.id_client),
  )
  registerRoute(app, weatherRoutes.updateSettings, { preValidation: requireAdmin }, (request) =>
    deps.weather.saveSettings(request.auth!.user.id_client, request.body),
  )
}
