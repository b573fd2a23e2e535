import {
  type RouteAnswer,
  type RouteBody,
  type RouteEntry,
  type RouteParams,
  type RouteQuery,
  routeKey,
  routeTable,
} from '@kropla/domain'
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify'

/** The request a handler of `Entry` gets: path, query string and body as the entry's schemas parse them. */
export type EntryRequest<Entry extends RouteEntry> = FastifyRequest<{
  Params: RouteParams<Entry>
  Querystring: RouteQuery<Entry>
  Body: RouteBody<Entry>
}>

/** Any answer the entry declares (its input side: what the serializer checks), or the reply already sent. */
type EntryAnswer<Entry extends RouteEntry> = RouteAnswer<Entry> | FastifyReply

export type EntryHandler<Entry extends RouteEntry> = (
  this: FastifyInstance,
  request: EntryRequest<Entry>,
  reply: FastifyReply,
) => EntryAnswer<Entry> | Promise<EntryAnswer<Entry>>

/** What a route file adds to an entry: its guards and hooks; the schema comes from the entry. */
export type EntryOptions = Omit<RouteShorthandOptions, 'schema'>

/**
 * Registers a route of the table (ADR 0092): method, path, the schemas Fastify validates with and
 * the OpenAPI document shows come from `entry`; the route file gives its guards and the handler.
 */
export function registerRoute<Entry extends RouteEntry>(
  app: FastifyInstance,
  entry: Entry,
  options: EntryOptions,
  handler: EntryHandler<Entry>,
): void {
  app.route({
    ...options,
    method: entry.method,
    url: entry.path,
    schema: {
      summary: entry.summary,
      tags: [...entry.tags],
      ...(entry.params ? { params: entry.params } : {}),
      ...(entry.query ? { querystring: entry.query } : {}),
      ...(entry.body ? { body: entry.body } : {}),
      response: { ...entry.answers },
    },
    config: { ...options.config, routeEntry: entry },
    // The handler's request is typed by the entry; Fastify's own type knows only the route generics.
    handler: handler as RouteHandlerMethod,
  })
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The table entry a route was registered from (registerRoute). */
    routeEntry?: RouteEntry
  }
}

/** The HTTP shell's own routes, added before the guard: the API document and the built web app. */
const isShellRoute = (url: string, hidden: boolean) =>
  hidden && (url === '/' || url === '/index.html' || url === '/*' || url.startsWith('/api/docs'))

/**
 * From here on a route is registered only from the route table (ADR 0092): a route that is not an
 * entry, or is one added around registerRoute, throws as it is added, so the server does not start.
 * Fastify's HEAD twin of a GET route carries the GET's entry.
 */
export function requireRouteTable(app: FastifyInstance, table: readonly RouteEntry[] = routeTable): void {
  const entries = new Map(table.map((entry) => [routeKey(entry), entry]))
  app.addHook('onRoute', (route) => {
    if (isShellRoute(route.url, Boolean(route.schema?.hide))) return
    const entry = route.config?.routeEntry
    for (const method of [route.method].flat()) {
      const listed = entries.get(`${method === 'HEAD' ? 'GET' : method} ${route.url}`)
      if (!listed || listed !== entry)
        throw new Error(
          `${method} ${route.url} is not registered from the route table: declare it in packages/domain/src/routes and register it with registerRoute (ADR 0092)`,
        )
    }
  })
}
