import type { SetOutputCommand } from '@kropla/domain'
import type { RunningServer } from '../app/server'
import { connectModule } from './test-server'

/**
 * How a test module answers `down/cmd`: like the simulator (received, done, then `up/state`),
 * refusing it, refusing it as arrived after its `expires_at`, only saying it got it, or not at all.
 */
export type ModuleBehaviour = 'obey' | 'reject' | 'expire' | 'received_only' | 'silent'

/**
 * A module speaking the device protocol over the real broker (integration tests only): it
 * records every command it gets and answers by its behaviour.
 */
export async function commandedModule(
  server: RunningServer,
  module: { serial: string; pin: string },
  behaviour: ModuleBehaviour = 'obey',
) {
  const client = await connectModule(server, module.serial, module.pin)
  const commands: SetOutputCommand[] = []
  const outputs: Record<string, boolean> = {}
  let mode = behaviour
  /** Answers still being published: closing waits for them. */
  const answering = new Set<Promise<void>>()
  const up = (kind: 'ack' | 'state' | 'data', payload: unknown) =>
    client.publishAsync(`kropla/v1/${module.serial}/up/${kind}`, JSON.stringify(payload), { qos: 1 })
  const ack = (id: string, result: 'received' | 'done' | 'rejected', error?: string) =>
    up('ack', error ? { id, result, error } : { id, result })
  const reportState = () => up('state', { ts: new Date().toISOString(), outputs: { ...outputs } })

  async function answer(command: SetOutputCommand) {
    if (mode === 'silent') return
    await ack(command.id, 'received')
    if (mode === 'received_only') return
    if (mode === 'reject' || mode === 'expire') {
      await ack(command.id, 'rejected', mode === 'reject' ? 'valve jammed' : 'expired')
      return
    }
    for (const [name, order] of Object.entries(command.outputs)) outputs[name] = order.on
    await ack(command.id, 'done')
    await reportState()
  }

  client.on('message', (topic, payload) => {
    if (topic !== `kropla/v1/${module.serial}/down/cmd`) return
    const command = JSON.parse(payload.toString()) as SetOutputCommand
    commands.push(command)
    const answered = answer(command).finally(() => answering.delete(answered))
    answering.add(answered)
  })
  await client.subscribeAsync(`kropla/v1/${module.serial}/down/cmd`, { qos: 1 })

  return {
    commands,
    outputs,
    behave(next: ModuleBehaviour) {
      mode = next
    },
    /** An answer of the module's own accord (e.g. a late one). */
    acknowledge: (id: string, result: 'received' | 'done' | 'rejected') => ack(id, result),
    /** The module switched an output by itself (its timer ran out) and reports its state. */
    async switched(name: string, on: boolean) {
      outputs[name] = on
      await reportState()
    },
    /** Readings of the outputs on `up/data` only (no `up/state`). */
    async reportData(values: Record<string, boolean>) {
      await up('data', { ts: new Date().toISOString(), values })
    },
    /** Resolves once every answer so far (acknowledgements and state reports) is published. */
    async idle() {
      await Promise.allSettled(answering)
    },
    async close() {
      await Promise.allSettled(answering)
      await client.endAsync()
    },
  }
}
export type CommandedModule = Awaited<ReturnType<typeof commandedModule>>
