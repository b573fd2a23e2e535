import { apiErrorSchema, preferencesSchema, profileAnswerSchema, profileSchema } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireUser } from '../auth/auth-hooks'
import { type ProfileService, toProfile } from './profile-service'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema }

/** settings/profile: always the logged-in user's own data. */
export function registerProfileRoutes(app: FastifyInstance, deps: { profile: ProfileService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.get(
    '/api/profile',
    {
      preValidation: requireUser,
      schema: {
        tags: ['profile'],
        summary: "The user's profile: name, phone, description, notification choices, consents, hide-splash",
        response: { 200: profileAnswerSchema, 401: apiErrorSchema },
      },
    },
    async (request) => toProfile(request.auth!.user),
  )
  routes.put(
    '/api/profile',
    {
      preValidation: requireUser,
      schema: {
        tags: ['profile'],
        summary: 'Save the profile (a phone is required for SMS alarms)',
        body: profileSchema,
        response: { 200: profileAnswerSchema, ...errors },
      },
    },
    (request) => deps.profile.update(request.auth!.user.id, request.body),
  )
  routes.put(
    '/api/profile/preferences',
    {
      preValidation: requireUser,
      schema: {
        tags: ['profile'],
        summary: 'Save time zone, date format, temperature unit and area unit',
        body: preferencesSchema,
        response: { 200: preferencesSchema, ...errors },
      },
    },
    (request) => deps.profile.updatePreferences(request.auth!.user.id, request.body),
  )
}
