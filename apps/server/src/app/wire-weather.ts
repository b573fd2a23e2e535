import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client'
import { registerWeatherRoutes } from '../features/weather/weather-routes'
import { createWeatherService } from '../features/weather/weather-service'

/** The farm's weather from its own stations: /api/weather and /settings/weather's choice. */
export function wireWeather(app: FastifyInstance, deps: { database: Database; now?: () => Date }) {
  const weather = createWeatherService({ db: deps.database.db, now: deps.now })
  registerWeatherRoutes(app, { weather })
  return { weather }
}
