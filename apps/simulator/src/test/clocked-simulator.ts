/**
 * Test-only entry point: the simulator's command line on a clock the test moves (ADR 0084). The e2e
 * harness starts it with an IPC channel beside `apps/server/src/test/clocked-server.ts` and sends
 * both the same `{ type: 'move-clock', to: ISO }`; the farm jumps (its physics advanced to the new
 * time, timed openings due by then closed), takes a reading at once, and answers
 * `{ type: 'clock-moved', now }`.
 */
import { createMovableClock } from '@kropla/domain'
import { z } from 'zod'
import { runSimulatorCli } from '../run-cli'

const send = process.send?.bind(process)
if (!send) {
  console.error('clocked-simulator is a test entry point: start it with an IPC channel (see e2e/support/stack.ts)')
  process.exit(2)
}

const moveClock = z.object({ type: z.literal('move-clock'), to: z.iso.datetime() })
const start = process.env.TEST_CLOCK_START
const clock = createMovableClock(start ? new Date(start) : undefined)
const simulator = await runSimulatorCli(clock)

// The channel must not keep the process alive once it is told to stop.
process.channel?.unref()
process.on('message', (message: unknown) => {
  const move = moveClock.safeParse(message)
  if (!move.success || !simulator) return
  clock.moveTo(new Date(move.data.to))
  void simulator.tick().finally(() => send({ type: 'clock-moved', now: clock.now().toISOString() }))
})
