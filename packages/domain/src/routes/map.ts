import { mapSettingsSchema } from '../geo/map-settings'
import { refusals, route } from './route'

export const mapRoutes = {
  settings: route({
    method: 'GET',
    path: '/api/map/settings',
    summary:
      "Map background: the tile address (none: no background), its credit and the largest zoom; the account's farm place; whether addresses can be looked up",
    tags: ['regions'],
    answers: { 200: mapSettingsSchema, ...refusals(401, 403) },
  }),
}
