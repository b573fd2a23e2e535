import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import { langCookieName, langs, pickLang } from '@kropla/i18n/lang'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sessionCookie } from '../features/auth/auth-hooks'

export const immutableCache = 'public, max-age=31536000, immutable'
export const revalidateCache = 'no-cache'

/**
 * Cache policy of the built web app. Files under assets/ carry a content hash in their names, so a
 * browser may keep them for a year without asking; everything else (index.html, sw.js, the
 * manifest, icons, device pictures) keeps its name across releases and is revalidated by ETag on
 * each use, so a new release is picked up on the next load.
 */
export function cacheControlFor(root: string, file: string): string {
  const relative = path.relative(root, file).split(path.sep)
  return relative.length > 1 && relative[0] === 'assets' ? immutableCache : revalidateCache
}

/** Accept-Language's languages in the order given (the q-values are written in that order in practice). */
function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '').split(',').map((range) => range.split(';')[0]?.trim() ?? '')
}

/**
 * The page `/` answers. A visitor without a session will see a public screen, almost always the
 * login: the build pre-renders it (apps/web/login-shell.ts) in each language, and the visitor gets
 * it in the language the browser will choose (the device's stored choice, which the app shares in
 * a cookie, then the browser's languages), so the form shows at the first paint. With a session
 * cookie, or where the build made no such page, index.html with the brand alone.
 */
export function firstPageFor(request: FastifyRequest, loginPages: ReadonlyMap<string, string>): string {
  if (request.cookies[sessionCookie]) return 'index.html'
  const lang = pickLang([
    request.cookies[langCookieName],
    ...acceptedLanguages(request.headers['accept-language']),
  ])
  return loginPages.get(lang) ?? 'index.html'
}

/**
 * Serves the built web app. The build writes Brotli and gzip copies beside each text file
 * (apps/web/precompress.ts); preCompressed picks the one the browser accepts, so nothing is
 * compressed per request.
 */
export async function registerWebFiles(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    // `/` is answered below: which page depends on the visitor.
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', cacheControlFor(root, file))
    },
  })
  const loginPages = new Map(
    langs
      .map((lang) => [lang, `login.${lang}.html`] as const)
      .filter(([, file]) => fs.existsSync(path.join(root, file))),
  )
  const sendFirstPage = (request: FastifyRequest, reply: FastifyReply) =>
    reply.header('vary', 'Cookie, Accept-Language').sendFile(firstPageFor(request, loginPages))
  app.get('/', { schema: { hide: true } }, sendFirstPage)
  app.get('/index.html', { schema: { hide: true } }, sendFirstPage)
}
