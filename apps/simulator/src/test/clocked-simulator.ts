/**
 * Test-only entry point: the simulator's command line on a clock the test moves (ADR 0084). The e2e
 * harness starts it with an IPC channel beside `apps/server/src/test/clocked-server.ts` and sends
 * both the same `{ type: 'move-clock', to: ISO }`, the simulator first: a module's clock must have
 * moved before the server's plan runner sends it the run that is due at the new time, or the module
 * would count the run's minutes from the old time. Then `{ type: 'tick' }`: the farm's physics
 * advance to the new time, timed openings due by then close, and every module reports at once.
 * Each message is answered with `{ type: 'clock-moved', now }`.
 */
import { createMovableClock } from '@kropla/domain'
import { z } from 'zod'
import { runSimulatorCli } from '../run-cli'

const send = process.send?.bind(process)
if (!send) {
  console.error(
    'clocked-simulator is a test entry point: start it with an IPC channel (see e2e/support/stack.ts)',
  )
  process.exit(2)
}

const message = z.discriminatedUnion('type', [
  z.object({ type: z.literal('move-clock'), to: z.iso.datetime() }),
  z.object({ type: z.literal('tick') }),
])
const start = process.env.TEST_CLOCK_START
const clock = createMovableClock(start ? new Date(start) : undefined)
const simulator = await runSimulatorCli(clock)

process.on('message', (received: unknown) => {
  const parsed = message.safeParse(received)
  if (!parsed.success || !simulator) return
  const answer = () => send({ type: 'clock-moved', now: clock.now().toISOString() })
  if (parsed.data.type === 'move-clock') {
    clock.moveTo(new Date(parsed.data.to))
    answer()
  } else void simulator.tick().finally(answer)
})
// After the listener (adding one refs the channel): the channel must not keep the process alive once
// it is told to stop.
process.channel?.unref()
