import { weatherAnswerSchema, weatherSettingsAnswerSchema, weatherSettingsSchema } from '../weather/weather'
import { refusals, route } from './route'

export const weatherRoutes = {
  get: route({
    method: 'GET',
    path: '/api/weather',
    summary:
      "Now (air temperature, humidity, wind), today's minimum and maximum (the farm's local day), rain today and over the last 7 days",
    tags: ['weather'],
    answers: { 200: weatherAnswerSchema, ...refusals(400, 401, 403) },
  }),
  getSettings: route({
    method: 'GET',
    path: '/api/weather/settings',
    summary:
      "The account's chosen air station, rain gauge and anemometer, and the modules and inputs that fit",
    tags: ['weather'],
    answers: { 200: weatherSettingsAnswerSchema, ...refusals(400, 401, 403) },
  }),
  updateSettings: route({
    method: 'PUT',
    path: '/api/weather/settings',
    summary:
      "Choose the account's AM-200 and the AM-600 inputs set up as rain gauge and anemometer (administrators; choice_invalid for anything else)",
    tags: ['weather'],
    body: weatherSettingsSchema,
    answers: { 200: weatherSettingsAnswerSchema, ...refusals(400, 401, 403) },
  }),
}
