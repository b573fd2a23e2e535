import { geocodeAnswerSchema, geocodeQuerySchema } from '../geo/place'
import { refusals, route } from './route'

export const geocodeRoutes = {
  search: route({
    method: 'GET',
    path: '/api/geocode',
    summary:
      "Places found by an address (at most five), for the farm's place (admin); 404 geocoder_not_configured without GEOCODER_URL, 429 busy_try_again when the farm has several searches waiting (the turns go round the farms), 502 geocoder_failed when the geocoder does not answer",
    tags: ['client account'],
    query: geocodeQuerySchema,
    answers: { 200: geocodeAnswerSchema, ...refusals(400, 401, 403, 404, 429, 502) },
  }),
}
