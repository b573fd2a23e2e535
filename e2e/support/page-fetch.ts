import type { Page } from 'playwright-core'

/** A JSON write with the page's own session and CSRF token, as the app's screens make it. */
export async function pageWrite(page: Page, method: string, path: string, body: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = ((await (await fetch('/token')).json()) as { token: string }).token
      const answer = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'csrf-token': token },
        body: JSON.stringify(body),
      })
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
    },
    { method, path, body },
  )
}

/** A JSON read with the page's own session. */
export async function pageRead<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => (await fetch(url)).json(), path) as Promise<T>
}
