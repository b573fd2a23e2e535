/**
 * Test-only entry point: `kropla serve` on a clock the test moves (ADR 0084). The e2e harness
 * starts it with an IPC channel (e2e/support/stack.ts, `clock: 'movable'`) and sends
 * `{ type: 'move-clock', to: ISO }`; the server jumps, runs the plan runner's pass and the alarm
 * sweep at once (as their timers would a moment later), and answers `{ type: 'clock-moved', now }`.
 * Nothing in the product reaches this file: no route, command or setting moves a server's clock.
 */
import { createMovableClock } from '@kropla/domain'
import { z } from 'zod'
import { startServer } from '../app/server'
import { loadConfig } from '../config/env'
import { setPasswordCostForTests } from '../features/auth/password'

const send = process.send?.bind(process)
if (!send) {
  console.error(
    'clocked-server is a test entry point: start it with an IPC channel (see e2e/support/stack.ts)',
  )
  process.exit(2)
}

// The journeys log in hundreds of times: passwords at the test cost (ADR 0085).
setPasswordCostForTests()

const moveClock = z.object({ type: z.literal('move-clock'), to: z.iso.datetime() })
const start = process.env.TEST_CLOCK_START
const clock = createMovableClock(start ? new Date(start) : undefined)
const server = await startServer(loadConfig(), undefined, { clock })
server.logger.info({ url: server.url, now: clock.now().toISOString() }, 'Kropla is running on a test clock')

process.on('message', (message: unknown) => {
  const move = moveClock.safeParse(message)
  if (!move.success) return
  clock.moveTo(new Date(move.data.to))
  void (async () => {
    await server.plans.tick()
    await server.alarms.sweep.runNow().catch(() => undefined)
    send({ type: 'clock-moved', now: clock.now().toISOString() })
  })()
})
// After the listener (adding one refs the channel): the channel must not keep the process alive once
// it is told to stop.
process.channel?.unref()

const stop = () => {
  server
    .close()
    .then(() => process.exit(0))
    .catch((error: unknown) => {
      console.error(error)
      process.exit(1)
    })
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
