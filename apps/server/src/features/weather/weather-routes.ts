import {
  apiErrorSchema,
  weatherAnswerSchema,
  weatherSettingsAnswerSchema,
  weatherSettingsSchema,
} from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireAdmin, requireUser } from '../auth/auth-hooks'
import type { WeatherService } from './weather-service'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema }

/** /api/weather: the current client account's weather from its own stations, and their choice. */
export function registerWeatherRoutes(app: FastifyInstance, deps: { weather: WeatherService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.get(
    '/api/weather',
    {
      preValidation: requireUser,
      schema: {
        tags: ['weather'],
        summary:
          "Now (air temperature, humidity, wind), today's minimum and maximum (the farm's local day), rain today and over the last 7 days",
        response: { 200: weatherAnswerSchema, ...errors },
      },
    },
    (request) => deps.weather.weather(request.auth!.user.id_client),
  )
  routes.get(
    '/api/weather/settings',
    {
      preValidation: requireUser,
      schema: {
        tags: ['weather'],
        summary:
          "The account's chosen air station, rain gauge and anemometer, and the modules and inputs that fit",
        response: { 200: weatherSettingsAnswerSchema, ...errors },
      },
    },
    (request) => deps.weather.getSettings(request.auth!.user.id_client),
  )
  routes.put(
    '/api/weather/settings',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['weather'],
        summary:
          "Choose the account's AM-200 and the AM-600 inputs set up as rain gauge and anemometer (administrators; choice_invalid for anything else)",
        body: weatherSettingsSchema,
        response: { 200: weatherSettingsAnswerSchema, ...errors },
      },
    },
    (request) => deps.weather.saveSettings(request.auth!.user.id_client, request.body),
  )
}
