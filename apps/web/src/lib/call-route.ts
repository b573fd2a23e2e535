import {
  pathOf,
  type RouteCallInput,
  type RouteEntry,
  type RouteSuccess,
  successStatuses,
} from '@kropla/domain'
import type { ApiClient } from './api'

/**
 * Calls a route by its entry in the route table (ADR 0092): the method and the path built from
 * the entry and `params`, the query string from `query`, the answer parsed with the entry's
 * success schemas, so neither a path nor a schema can drift from what the server registers.
 * The entry's module brings zod with it: a call by entry belongs in a lazily loaded feature
 * (this module is kept out of api.ts so the login page's first load stays without it).
 */
export function callRoute<Entry extends RouteEntry>(
  api: ApiClient,
  entry: Entry,
  ...[input]: Record<never, never> extends RouteCallInput<Entry>
    ? [RouteCallInput<Entry>?]
    : [RouteCallInput<Entry>]
): Promise<RouteSuccess<Entry>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string | number>
    query?: Record<string, unknown>
    body?: unknown
  }
  const path = pathOf(entry, params) + queryString(query)
  // The entry's success schemas parse its success answer (zod schemas: their outputs are the answer's
  // type); a route with two (200 done, 202 a job under way) is read by whichever the answer fits.
  const schemas = successStatuses(entry).map((status) => entry.answers[status]!)
  const parser = {
    parse(payload: unknown): RouteSuccess<Entry> {
      for (const schema of schemas.slice(1)) {
        const parsed = schema.safeParse(payload)
        if (parsed.success) return parsed.data as RouteSuccess<Entry>
      }
      return schemas[0]!.parse(payload) as RouteSuccess<Entry>
    },
  }
  switch (entry.method) {
    case 'GET':
      return api.get(path, parser)
    case 'POST':
      return api.post(path, body, parser)
    case 'PUT':
      return api.put(path, body, parser)
    case 'DELETE':
      return api.delete(path, body, parser)
  }
}

/** `?a=1&b=x` from a call's query values; a value left undefined is left out. */
function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) search.append(name, String(value))
  const text = search.toString()
  return text ? `?${text}` : ''
}

/** What a call by `Entry` sends as its body (the body schema's input), for hooks handed a form's values. */
export type RouteBody<Entry extends RouteEntry> =
  RouteCallInput<Entry> extends { body: infer Body } ? Body : never
