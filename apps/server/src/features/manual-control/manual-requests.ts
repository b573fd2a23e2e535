import { manualGroupScheduleSchema, manualScheduleNewSchema, manualScheduleSchema } from '@kropla/domain'
import type { Logger } from 'pino'
import type { z } from 'zod'
import type { Realtime, SocketRequestContext } from '../../realtime/socket-server'
import type { CommandOutcome } from '../commands/command-merger'
import { failureOf, invalidPayloadCode, socketFailure } from '../commands/socket-answers'
import type { ManualControlService } from './manual-control-service'
import type { ManualSequence } from './manual-sequence'

/**
 * Socket requests of manual control (spec 01 section 7), scoped to the session's account:
 * `manual_schedule` (one output), `manual_group_schedule` (a group of outputs), both answered once
 * the modules did it, and `manual_schedule_new` (a one-off sequence, answered with its schedule id).
 */
export function registerManualRequests(
  realtime: Pick<Realtime, 'handleRequest'>,
  deps: { manual: ManualControlService; sequence: ManualSequence; logger: Logger },
) {
  function handle<Schema extends z.ZodType>(
    event: string,
    schema: Schema,
    run: (
      context: SocketRequestContext,
      request: z.output<Schema>,
    ) => Promise<CommandOutcome | { id: number }>,
  ) {
    realtime.handleRequest(event, async (context, payload) => {
      const parsed = schema.safeParse(payload)
      if (!parsed.success) return socketFailure(context.lang, invalidPayloadCode(parsed.error))
      try {
        const result = await run(context, parsed.data)
        if ('ok' in result && !result.ok) return socketFailure(context.lang, result.code)
        return { ok: true, id: result.id }
      } catch (error) {
        return failureOf(error, context.lang, deps.logger, event)
      }
    })
  }

  const who = (context: SocketRequestContext) => ({ idClient: context.idClient, idUser: context.userId })
  handle('manual_schedule', manualScheduleSchema, (context, request) =>
    deps.manual.setOutput(who(context), request),
  )
  handle('manual_group_schedule', manualGroupScheduleSchema, (context, request) =>
    deps.manual.setGroup(who(context), request),
  )
  handle('manual_schedule_new', manualScheduleNewSchema, (context, request) =>
    deps.sequence.start({ ...who(context), lang: context.lang }, request),
  )
}
