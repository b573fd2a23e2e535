import { testProfileRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { pickLangFromRequest } from '../../app/request-lang'
import { registerRoute } from '../../app/route-table'
import { requireUser } from '../auth/auth-hooks'
import type { TestProfileService } from './test-profile-service'

/** /api/test/profile: a test message to oneself by e-mail, SMS or Web Push. */
export function registerTestProfileRoutes(app: FastifyInstance, deps: { testProfile: TestProfileService }) {
  registerRoute(app, testProfileRoutes.profile, { preValidation: requireUser }, (request) =>
    deps.testProfile.send({
      user: request.auth!.user,
      idClient: request.auth!.idClient,
      lang: pickLangFromRequest(request),
      channel: request.body.channel,
    }),
  )
}
