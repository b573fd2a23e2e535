import { ApiRequestError } from './api-error'

/**
 * The schemas this client needs, loaded when an answer needs them: zod and the domain schemas stay
 * off the login page's first load (issue 11, item 7), where the only answer is "not logged in".
 */
const loadApiSchemas = () => import('./api-schemas')

/** Anything with zod's `parse`: the domain schemas, without the web app depending on zod itself. */
export interface Parser<T> {
  parse(input: unknown): T
}

/**
 * What every call names for its answer: a domain schema, or one loaded when the answer arrives
 * (`parsedOnDemand`) where zod must stay off the first load. There is no call without one: an
 * answer the browser does not check is an answer the server and the browser may disagree on.
 */
export interface AnswerParser<T> {
  parse(input: unknown): T | Promise<T>
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

const writeMethods: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** GETs the server guards like writes: they change state (a cross-site link must not log anyone out). */
const csrfGuardedReads: ReadonlySet<string> = new Set(['/logout'])
const needsCsrfToken = (method: Method, path: string) =>
  writeMethods.has(method) || csrfGuardedReads.has(pathOnly(path))

/** Spec 01 section 7: these two may fail with not_authenticated without sending the user to login. */
const pathsExemptFromLoginRedirect = ['/api/me', '/api/users/lang']

export interface ApiClientOptions {
  getLang: () => string
  onNotAuthenticated: () => void
  fetch?: typeof fetch
}

export interface ApiClient {
  get<T>(path: string, parser: AnswerParser<T>): Promise<T>
  post<T>(path: string, body: unknown, parser: AnswerParser<T>): Promise<T>
  put<T>(path: string, body: unknown, parser: AnswerParser<T>): Promise<T>
  patch<T>(path: string, body: unknown, parser: AnswerParser<T>): Promise<T>
  delete<T>(path: string, body: unknown, parser: AnswerParser<T>): Promise<T>
  /**
   * A POST whose answer the caller reads itself (a streamed CSV, a large report read with its
   * progress): the success `Response`, or the same errors as every call. `signal` cancels it; a
   * cancelled call rejects with the signal's reason (an `AbortError`), never as a network failure.
   */
  postForResponse(path: string, body: unknown, signal?: AbortSignal): Promise<Response>
  /** The session changed (login, logout), so the CSRF token bound to the old one is useless. */
  forgetCsrfToken(): void
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  let csrfToken: Promise<string> | null = null

  function obtainCsrfToken(): Promise<string> {
    csrfToken ??= request('GET', '/token', undefined, false).then(
      async (payload) => (await loadApiSchemas()).tokenResponseSchema.parse(payload).token,
      (error: unknown) => {
        csrfToken = null
        throw error
      },
    )
    return csrfToken
  }

  async function request(method: Method, path: string, body: unknown, isRetry: boolean): Promise<unknown> {
    return readJson(await respond(method, path, body, isRetry))
  }

  /** Sends a call and answers its success response; a refusal becomes the ApiRequestError it names. */
  async function respond(
    method: Method,
    path: string,
    body: unknown,
    isRetry: boolean,
    signal?: AbortSignal,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-language': options.getLang(),
    }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (needsCsrfToken(method, path)) headers['csrf-token'] = await obtainCsrfToken()

    let response: Response
    try {
      response = await doFetch(path, {
        method,
        headers,
        credentials: 'same-origin',
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(signal ? { signal } : {}),
      })
    } catch (cause) {
      if (signal?.aborted) throw cause
      throw new ApiRequestError(0, 'network', '')
    }

    if (response.ok) return response
    const payload = await readJson(response)

    const error =
      notAuthenticated(response.status, payload) ??
      (await toRequestError(response.status, payload, response.headers.get('retry-after')))
    if (error.code === 'csrf_invalid' && needsCsrfToken(method, path) && !isRetry) {
      csrfToken = null
      return respond(method, path, body, true, signal)
    }
    if (error.code === 'not_authenticated' && !pathsExemptFromLoginRedirect.includes(pathOnly(path))) {
      options.onNotAuthenticated()
    }
    throw error
  }

  function call<T>(method: Method, path: string, body: unknown, parser: AnswerParser<T>): Promise<T> {
    return request(method, path, body, false).then((payload) => parseAnswer(payload, parser))
  }

  return {
    get: (path, parser) => call('GET', path, undefined, parser),
    post: (path, body, parser) => call('POST', path, body, parser),
    put: (path, body, parser) => call('PUT', path, body, parser),
    patch: (path, body, parser) => call('PATCH', path, body, parser),
    delete: (path, body, parser) => call('DELETE', path, body, parser),
    postForResponse: (path, body, signal) => respond('POST', path, body, false, signal),
    forgetCsrfToken: () => {
      csrfToken = null
    },
  }
}

/** The answer's JSON; an empty body (204) reads as `null`, which the domain's noContentSchema checks. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A gateway's own error page (502-504, not our JSON) means the server itself could not be reached. */
const gatewayStatuses = new Set([502, 503, 504])

/**
 * The answer every logged-out visit starts with (`/api/me`, spec 01 section 7), recognised by the
 * fields the app reads, so that it does not wait for zod. Its shape is apiErrorSchema's without issues.
 */
function notAuthenticated(status: number, payload: unknown): ApiRequestError | null {
  if (status !== 401 || typeof payload !== 'object' || payload === null) return null
  const { error, message, issues }: { error?: unknown; message?: unknown; issues?: unknown } = payload
  if (error !== 'not_authenticated' || typeof message !== 'string' || issues !== undefined) return null
  return new ApiRequestError(status, error, message)
}

async function toRequestError(
  status: number,
  payload: unknown,
  retryAfter: string | null,
): Promise<ApiRequestError> {
  const { apiErrorSchema } = await loadApiSchemas()
  const parsed = apiErrorSchema.safeParse(payload)
  if (!parsed.success)
    return new ApiRequestError(status, gatewayStatuses.has(status) ? 'network' : 'internal', '')
  const { error, message, issues } = parsed.data
  return new ApiRequestError(status, error, message, issues ?? [], parseRetryAfter(retryAfter))
}

/** `retry-after` in seconds (the HTTP-date form is turned into seconds from now). */
function parseRetryAfter(header: string | null): number | null {
  if (!header) return null
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds))
  const at = Date.parse(header)
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000))
}

/** A parser for a list answer, each element checked by the shared schema. */
export function arrayOf<T>(item: Parser<T>): Parser<T[]> {
  return {
    parse: (input) => {
      if (!Array.isArray(input)) throw new Error('expected a list')
      return input.map((element) => item.parse(element))
    },
  }
}

/** A parser whose schema is loaded with the first answer it checks (zod stays off the first load). */
export function parsedOnDemand<T>(load: () => Promise<Parser<T>>): AnswerParser<T> {
  return { parse: async (input) => (await load()).parse(input) }
}

/** `{ ok: true }`, the answer of calls that only report success (login, logout, deletions), checked on demand. */
export const okAnswer = parsedOnDemand(async () => (await loadApiSchemas()).okAnswerSchema)
/** `PUT /api/users/lang`'s answer; the language switch is on the login page too. */
export const langAnswer = parsedOnDemand(async () => (await loadApiSchemas()).langAnswerSchema)

/** Checks an answer with its shared schema. */
async function parseAnswer<T>(payload: unknown, parser: AnswerParser<T>): Promise<T> {
  try {
    return await parser.parse(payload)
  } catch (cause) {
    // The answer broke the shared contract in @kropla/domain: report it plainly rather than render garbage.
    console.error('Unexpected answer shape', cause)
    throw new ApiRequestError(200, 'internal', '')
  }
}

function pathOnly(path: string): string {
  return path.split(/[?#]/)[0] ?? path
}
