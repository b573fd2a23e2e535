import { weatherCheckAnswerSchema } from '../test-area/weather-check'
import { refusals, route } from './route'

export const testWeatherRoutes = {
  weather: route({
    method: 'POST',
    path: '/api/test/weather',
    summary:
      "Check every weather reading of the account's stations now (AM-200 air, AM-600 rain gauges, anemometers, wind vanes, inputs in hPa or W/m²): plausible range, stuck, age; recorded as a test run",
    tags: ['test'],
    answers: { 200: weatherCheckAnswerSchema, ...refusals(401, 403) },
  }),
}
