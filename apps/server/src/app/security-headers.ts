import fastifyHelmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/**
 * The Content-Security-Policy the web app runs under (ADR 0041):
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
 * The CSP source of the map's tile service (MAP_TILE_URL): its scheme and host, a `{s}` subdomain
 * as `*` (https://{s}.tile.example.org -> https://*.tile.example.org); null without tiles. img-src
 * names it: Leaflet draws tiles as <img> elements, and its inline styles (positions, transforms)
 * are style attributes, which style-src 'unsafe-inline' already allows. connect-src names it too:
 * the field map (/mobile/maps) fetches the tiles it showed into Cache Storage for offline use
 * (apps/web/src/features/map/tile-cache.ts) and draws kept ones as data: images.
 */
export function mapTileSource(tileUrl: string | null): string | null {
  if (!tileUrl || tileUrl === 'none') return null
  const match = /^(https?):\/\/([^/?#]+)/.exec(tileUrl)
  if (!match) return null
  const host = match[2]!.replace(/\{s\}/g, '*').replace(/\{[^}]*\}/g, '*')
  return `${match[1]}://${host}`
}

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
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { mapTileUrl?: string | null } = {},
): Promise<void> {
  const tiles = mapTileSource(options.mapTileUrl ?? null)
  const directives = tiles
    ? {
        ...appContentSecurityPolicy,
        'img-src': [...appContentSecurityPolicy['img-src'], tiles],
        'connect-src': [...appContentSecurityPolicy['connect-src'], tiles],
      }
    : appContentSecurityPolicy
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    // Our addresses stay with us: other sites (the terms page, links in messages) get no referrer.
    referrerPolicy: { policy: 'same-origin' },
  })
}
