import type { z } from 'zod'
import { apiErrorSchema } from '../errors/api-error'

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** A status and the schema of the body answered with it. */
export type RouteAnswers = { readonly [status: number]: z.ZodType }

/**
 * One HTTP route: what the server registers (method, path, inputs, answers by status, the API
 * document's summary and tags), what the browser calls and the web tests' fakes may answer.
 * The path is written as Fastify writes it, a parameter as `:name`.
 */
export interface RouteEntry {
  readonly method: RouteMethod
  readonly path: string
  readonly summary: string
  readonly tags: readonly string[]
  readonly params?: z.ZodType
  readonly query?: z.ZodType
  readonly body?: z.ZodType
  readonly answers: RouteAnswers
}

/**
 * Declares a route of the table (ADR 0092). The entry is returned as it is written, so its zod
 * schemas keep their types for the server's handlers and the browser's calls.
 */
export function route<const Entry extends RouteEntry>(entry: Entry): Entry {
  return entry
}

/** The error answers a route declares, each the one error shape `{ error, message, issues? }`. */
export function refusals<const Status extends number>(
  ...statuses: Status[]
): { [S in Status]: typeof apiErrorSchema } {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as {
    [S in Status]: typeof apiErrorSchema
  }
}

/** What a schema parses to; `unknown` where the entry has none. */
type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : unknown

/** What a handler reads from the path, the query string and the body, as parsed by the entry's schemas. */
export type RouteParams<Entry extends RouteEntry> = Parsed<Entry['params']>
export type RouteQuery<Entry extends RouteEntry> = Parsed<Entry['query']>
export type RouteBody<Entry extends RouteEntry> = Parsed<Entry['body']>

type SuccessStatus = 200 | 201 | 202 | 204
/** The success statuses of an entry. */
export type RouteSuccessStatus<Entry extends RouteEntry> = Extract<keyof Entry['answers'], SuccessStatus>
/** The body of a success answer, as the browser reads it. */
export type RouteSuccess<Entry extends RouteEntry> = z.output<Entry['answers'][RouteSuccessStatus<Entry>]>
/** What a handler may answer with: any declared answer, as the server's serializer takes it. */
export type RouteAnswer<Entry extends RouteEntry> = z.input<Entry['answers'][keyof Entry['answers']]>

/**
 * What the browser gives a call of `Entry`: the path's parameters (each as text or a number),
 * the query string's values and the body, each only where the entry has one.
 */
export type RouteCallInput<Entry extends RouteEntry> = (Entry['params'] extends z.ZodType
  ? { params: { [Name in keyof z.output<Entry['params']>]: string | number } }
  : { params?: never }) &
  (Entry['query'] extends z.ZodType ? { query?: z.input<Entry['query']> } : { query?: never }) &
  (Entry['body'] extends z.ZodType ? { body: z.input<Entry['body']> } : { body?: never })

export { pathOf, routeKey, successStatus, successStatuses } from './route-path'
