import { apiErrorSchema } from '@kropla/domain'
import { answerContract } from './answer-contract'

/** The contract's routes as patterns, literal paths first (`/api/users/me` before `/api/users/:id`). */
const routes = Object.entries(answerContract)
  .map(([route, answers]) => {
    const [method = '', template = ''] = route.split(' ')
    const parameters = template.match(/:\w+/g)?.length ?? 0
    const pattern = new RegExp(`^${template.replace(/:\w+/g, '[^/]+')}$`)
    return {
      method,
      pattern,
      parameters,
      answers: answers as Record<number, { parse(input: unknown): unknown }>,
    }
  })
  .sort((a, b) => a.parameters - b.parameters)

/**
 * What is wrong with a fake server's answer by the contract, or null: a success answer of a route
 * the contract does not know, a status the route does not answer with, a body its domain schema
 * refuses; an error answer that is not the `{ error, message, issues? }` every error is.
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
    // A CSV export is text, checked as text by its route's parser.
    body = isCsv ? text : text ? JSON.parse(text) : null
  } catch {
    return `${method} ${path} answered ${response.status} with a body that is not JSON`
  }
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(body)
    return parsed.success ? null : `${method} ${path} answered ${response.status} with no API error`
  }
  const route = routes.find((candidate) => candidate.method === method && candidate.pattern.test(path))
  if (!route) return `${method} ${path} is answered by a fake but has no schema in the answer contract`
  const schema = route.answers[response.status]
  if (!schema) return `${method} ${path} answered ${response.status}, which the server does not answer with`
  try {
    schema.parse(body)
    return null
  } catch (cause) {
    return `${method} ${path} answered outside its domain schema: ${String(cause)}`
  }
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
