import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

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

/**
 * Serves the built web app. The build writes Brotli and gzip copies beside each text file
 * (apps/web/precompress.ts); preCompressed picks the one the browser accepts, so nothing is
 * compressed per request.
 */
export async function registerWebFiles(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    // An array: with preCompressed, a string index is not looked up and "/" answers 404.
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', cacheControlFor(root, file))
    },
  })
}
