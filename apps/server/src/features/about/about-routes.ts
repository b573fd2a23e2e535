import { type About, aboutRoutes, languages } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerRoute } from '../../app/route-table'
import { requireUser } from '../auth/auth-hooks'

/** What settings > help, payments and about read from the server's configuration (the same for every account). */
export function aboutOf(config: { HELP_URL: string; ORDER_EMAIL: string; SUPPORT_EMAIL: string }): About {
  return {
    help_urls: Object.fromEntries(
      languages.map((lang) => [lang, config.HELP_URL.replaceAll('{lang}', lang)]),
    ) as About['help_urls'],
    order_email: config.ORDER_EMAIL,
    support_email: config.SUPPORT_EMAIL,
  }
}

/** GET /api/about: the help site per language and the provider's mailboxes. */
export function registerAboutRoutes(app: FastifyInstance, deps: { about: About }) {
  registerRoute(app, aboutRoutes.get, { preValidation: requireUser }, () => deps.about)
}
