import { apiErrorSchema } from '@kropla/domain'
import { answersWithError, contractRouteOf } from './answer-contract'

/**
 * What is wrong with a fake server's answer by the contract (the route table), or null: an answer
 * on a route the table does not have, a status the route does not answer with, a success body its
 * entry's schema refuses; an error answer that is not the `{ error, message, issues? }` every
 * error is.
 */
export async function contractBreach(
  method: string,
  url: string,
  response: Response,
): Promise<string | null> {
  const path = url.split(/[?#]/)[0] ?? url
  const text = await response.clone().text()
  let body: unknown = null
  const isCsv = response.ok && (response.headers.get('content-type') ?? '').startsWith('text/csv')
  try {
    // A CSV export is text, checked as text by its entry's schema.
    body = isCsv ? text : text ? JSON.parse(text) : null
  } catch {
    return `${method} ${path} answered ${response.status} with a body that is not JSON`
  }
  const route = contractRouteOf(method, path)
  if (!route) return `${method} ${path} is answered by a fake but is not in the route table`
  if (!response.ok) {
    if (!answersWithError(route, response.status))
      return `${method} ${path} answered ${response.status}, which the server does not answer with`
    const parsed = apiErrorSchema.safeParse(body)
    return parsed.success ? null : `${method} ${path} answered ${response.status} with no API error`
  }
  const schema = route.entry.answers[response.status]
  if (!schema) return `${method} ${path} answered ${response.status}, which the server does not answer with`
  const parsed = schema.safeParse(body)
  return parsed.success
    ? null
    : `${method} ${path} answered outside its domain schema: ${String(parsed.error)}`
}

const breaches: string[] = []

/** A fake server's fetch whose every answer is checked against the contract; breaches are kept for the test's end. */
export function withAnswerContract(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init)
    const breach = await contractBreach(init?.method ?? 'GET', String(input), response)
    if (breach) breaches.push(breach)
    return response
  }
}

/** The breaches since the last call (setup.ts fails every test that had any). */
export function takeContractBreaches(): string[] {
  return breaches.splice(0)
}
