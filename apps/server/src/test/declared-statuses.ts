import fs from 'node:fs'
import type { FastifyInstance } from 'fastify'

/** An answer whose status its route does not declare in `schema.response` (so not in the OpenAPI document). */
export interface UndeclaredStatus {
  method: string
  route: string
  status: number
  declared: string[]
}

const undeclared: UndeclaredStatus[] = []

/** Whether `responses` (a route's `schema.response`) declares `status`: exactly, as `4xx`, or as `default`. */
export function declaresStatus(responses: unknown, status: number): boolean {
  if (typeof responses !== 'object' || responses === null) return false
  const keys = Object.keys(responses).map((key) => key.toLowerCase())
  return keys.includes(String(status)) || keys.includes(`${String(status)[0]}xx`) || keys.includes('default')
}

/**
 * Records every answer of a documented route (not `hide`) whose status the route does not declare.
 * The check runs as the answer is sent (onSend), so before the client can have it: a test that
 * awaited its request finds the record in place when its afterEach looks.
 */
export function watchDeclaredStatuses(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const { url, method, schema } = request.routeOptions
    if (url === undefined || schema?.hide) return payload
    if (!declaresStatus(schema?.response, reply.statusCode)) {
      const found = {
        method: String(method),
        route: url,
        status: reply.statusCode,
        declared: Object.keys(schema?.response ?? {}),
      }
      undeclared.push(found)
      // A whole run's findings in one file as they happen (the run's summary comes only at its end).
      if (process.env.UNDECLARED_STATUS_LOG)
        fs.appendFileSync(process.env.UNDECLARED_STATUS_LOG, `${JSON.stringify(found)}\n`)
    }
    return payload
  })
}

/** The undeclared answers recorded since the last call (and forgets them). */
export function takeUndeclaredStatuses(): UndeclaredStatus[] {
  return undeclared.splice(0)
}
