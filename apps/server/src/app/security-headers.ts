import fastifyHelmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/**
 * The Content-Security-Policy the web app runs under (see docs/decisions.md, "Security headers"):
 * everything from this origin only. Scripts are the built modules and nothing inline or evaluated
 * (the app turns zod's eval-based fast path off). Styles allow inline because Mantine writes its
 * theme variables and responsive style props into <style> elements at run time; an injected
 * style cannot run code. connect-src 'self' covers the socket.io websocket to the same host
 * (CSP 3 matches ws:/wss: of the page's own host), worker-src the service worker /sw.js;
 * push messages reach the service worker from the browser's push service, not through the page.
 */
export const appContentSecurityPolicy = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:'],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'worker-src': ["'self'"],
} as const

/**
 * The API docs page (swagger-ui) keeps the policy @fastify/swagger-ui writes for it (scripts from
 * this origin), with three changes: swagger-ui sets inline styles as it renders, so style-src
 * allows them on this page only; framing is refused as everywhere else; and no
 * upgrade-insecure-requests (see registerSecurityHeaders).
 */
export function docsContentSecurityPolicy(pluginPolicy: string): string {
  return pluginPolicy
    .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
    .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';")
    .replace(/\s*upgrade-insecure-requests;?/, '')
}

/**
 * Security headers on every answer. No upgrade-insecure-requests and no HSTS: a farm may run the
 * server over plain HTTP on its own network, and where TLS is used the proxy that terminates it
 * owns HSTS.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: appContentSecurityPolicy },
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    // Our addresses stay with us: other sites (the terms page, links in messages) get no referrer.
    referrerPolicy: { policy: 'same-origin' },
  })
}
