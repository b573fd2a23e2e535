import { profileRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerRoute } from '../../app/route-table'
import { requireUser } from '../auth/auth-hooks'
import { type ProfileService, toProfile } from './profile-service'

/** settings/profile: always the logged-in user's own data. */
export function registerProfileRoutes(app: FastifyInstance, deps: { profile: ProfileService }) {
  registerRoute(app, profileRoutes.get, { preValidation: requireUser }, async (request) =>
    toProfile(request.auth!.user),
  )
  registerRoute(app, profileRoutes.update, { preValidation: requireUser }, (request) =>
    deps.profile.update(request.auth!.user.id, request.body),
  )
  registerRoute(app, profileRoutes.updatePreferences, { preValidation: requireUser }, (request) =>
    deps.profile.updatePreferences(request.auth!.user.id, request.body),
  )
}
