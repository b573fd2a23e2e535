import { type RouteEntry, routeKey, routeTable } from '@kropla/domain'

/**
 * The error statuses the server's HTTP shell answers a route with whatever the route declares
 * (apps/server/src/app/shared-answers.ts): refused input, no session or no right, the CSRF check,
 * an internal failure. The route table holds what each route declares beyond them.
 */
const shellErrorStatuses = new Set([400, 401, 403, 500])

export interface ContractRoute {
  entry: RouteEntry
  key: string
  pattern: RegExp
  parameters: number
}

/**
 * The answers of the real server the web tier's fake servers stand in for: the route table
 * itself (ADR 0092), the same entries the server registers and the browser calls. A fake's every
 * answer is checked against it (`contract-check.ts`): a path or method the table does not have,
 * a status its entry does not declare, or a body outside the entry's schema for that status fails
 * the test that reached it. Literal paths come first (`/api/users/me` before `/api/users/:id`).
 */
export const answerContract: readonly ContractRoute[] = routeTable
  .map((entry) => ({
    entry,
    key: routeKey(entry),
    pattern: new RegExp(`^${entry.path.replace(/:\w+/g, '[^/]+')}$`),
    parameters: entry.path.match(/:\w+/g)?.length ?? 0,
  }))
  .sort((a, b) => a.parameters - b.parameters)

/** The contract's route for a request, or undefined when the server has no such route. */
export function contractRouteOf(method: string, path: string): ContractRoute | undefined {
  return answerContract.find((route) => route.entry.method === method && route.pattern.test(path))
}

/** Whether the server may answer the route with this error status. */
export function answersWithError(route: ContractRoute, status: number): boolean {
  return status in route.entry.answers || shellErrorStatuses.has(status)
}
