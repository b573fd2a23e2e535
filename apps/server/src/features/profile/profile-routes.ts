import { apiErrorSchema, preferencesSchema, profileSchema } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser } from '../auth/auth-hooks'
import { type ProfileService, toProfile } from './profile-service'

/** The profile as stored, with the e-mail (the login, not changed here). */
export const profileResponseSchema = z.object({
  email: z.string(),
  name: z.string(),
  family_name: z.string(),
  phone: z.string(),
  description: z.string(),
  notify_sms: z.boolean(),
  notify_email: z.boolean(),
  notify_app: z.boolean(),
  marketing_app: z.boolean(),
  marketing_email: z.boolean(),
  marketing_phone: z.boolean(),
  marketing_mail: z.boolean(),
  hide_splash: z.boolean(),
})

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
        response: { 200: profileResponseSchema, 401: apiErrorSchema },
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
        response: { 200: profileResponseSchema, ...errors },
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
