import { type OutputPlanRow, planStatus } from '@kropla/domain'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { irrigatedAccount, scheduleBody } from '../test/schedule-fixtures'
import { plansOf } from '../test/test-farm'
import { connectBrowserSocket, startTestServer, type TestServer, until } from '../test/test-server'

let server: TestServer
let socket: Socket | undefined
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  socket?.disconnect()
  await server?.stop()
})

describe('schedules API and the planner', () => {
  it('plans a saved schedule for the next 48 hours at once and takes its runs back when it is paused', async () => {
    const farm = await irrigatedAccount(server)
    socket = await connectBrowserSocket(server.url, farm.session.cookieHeader())
    const planned: OutputPlanRow[] = []
    const deleted: number[] = []
    socket.on('outputs_plans', (rows: OutputPlanRow[]) => planned.push(...rows))
    socket.on('deleted_outputs_plans', (payload: { ids: number[] }) => deleted.push(...payload.ids))

    // Every day at 06:00 from tomorrow: the meadow's valve o3 and the river's clean output o4.
    const answer = await farm.session.write(
      'POST',
      '/api/schedulers',
      scheduleBody([{ kind: 'section', id: farm.meadow.id }]),
    )
    expect(answer.status).toBe(201)
    const id = answer.body.id as number
    const plans = await plansOf(server, id)
    expect(plans.length).toBeGreaterThanOrEqual(2)
    expect(new Set(plans.map((plan) => plan.id_output))).toEqual(
      new Set([farm.valve[2]!.id, farm.valve[3]!.id]),
    )
    expect(plans.every((plan) => plan.status === planStatus.planned)).toBe(true)
    await until(async () => plans.every((plan) => planned.some((row) => row.id === plan.id)))
    expect(planned.find((row) => row.id === plans[0]!.id)?.Scheduler).toMatchObject({ id, deleted_at: null })

    const paused = await farm.session.write('POST', `/api/schedulers/${id}/pause`, {
      from: null,
      until: null,
    })
    expect(paused.status).toBe(200)
    expect(await plansOf(server, id)).toEqual([])
    await until(async () => plans.every((plan) => deleted.includes(plan.id)))
  })
})
