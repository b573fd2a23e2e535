import { preferencesSchema, profileAnswerSchema, profileSchema } from '../accounts/profile'
import { refusals, route } from './route'

export const profileRoutes = {
  get: route({
    method: 'GET',
    path: '/api/profile',
    summary: "The user's profile: name, phone, description, notification choices, consents, hide-splash",
    tags: ['profile'],
    answers: { 200: profileAnswerSchema, ...refusals(401) },
  }),
  update: route({
    method: 'PUT',
    path: '/api/profile',
    summary: 'Save the profile (a phone is required for SMS alarms)',
    tags: ['profile'],
    body: profileSchema,
    answers: { 200: profileAnswerSchema, ...refusals(400, 401) },
  }),
  updatePreferences: route({
    method: 'PUT',
    path: '/api/profile/preferences',
    summary: 'Save time zone, date format, temperature unit and area unit',
    tags: ['profile'],
    body: preferencesSchema,
    answers: { 200: preferencesSchema, ...refusals(400, 401) },
  }),
}
