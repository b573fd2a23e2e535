import type { RouteEntry } from './route'

// No zod here: the browser's API client builds paths with these on the login page's first load.

/** `METHOD /path`, the key an entry is found by. */
export const routeKey = (entry: Pick<RouteEntry, 'method' | 'path'>) => `${entry.method} ${entry.path}`

/** Every success status an entry answers with (its 2xx), lowest first. */
export function successStatuses(entry: RouteEntry): number[] {
  return Object.keys(entry.answers)
    .map(Number)
    .filter((status) => status >= 200 && status < 300)
    .sort((a, b) => a - b)
}

/** The success status an entry answers with (its lowest 2xx). */
export function successStatus(entry: RouteEntry): number {
  const status = Math.min(...successStatuses(entry))
  if (!Number.isFinite(status)) throw new Error(`${routeKey(entry)} declares no success answer`)
  return status
}

/**
 * The path of an entry with its parameters filled in (`/api/sections/:id` with `{ id: 7 }` is
 * `/api/sections/7`), each value URL-encoded; a missing parameter is a programming error.
 */
export function pathOf(
  entry: Pick<RouteEntry, 'path'>,
  params: Record<string, string | number> = {},
): string {
  return entry.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${entry.path} needs its :${name}`)
    return encodeURIComponent(String(value))
  })
}
