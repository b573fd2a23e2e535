import {
  type WidgetIrrigationAck,
  type WidgetOutputState,
  widgetIrrigationRequestSchema,
} from '@kropla/domain'
import type { Logger } from 'pino'
import type { Db } from '../../db/client'
import type { Realtime } from '../../realtime/socket-server'
import { failureOf, invalidPayloadCode, socketFailure } from '../commands/socket-answers'
import { listOutputOpenings } from '../manual-control/output-openings-dal'
import { createOutputsDal } from '../outputs/outputs-dal'

/**
 * The irrigation state of the account's outputs now: open or closed, by a manual opening or a
 * schedule's run, and until when. `only` narrows it to those outputs (empty: all).
 */
export async function widgetIrrigationState(
  db: Db,
  idClient: number,
  only: readonly number[],
  now: Date,
): Promise<WidgetOutputState[]> {
  const wanted = new Set(only)
  const outputs = (await createOutputsDal(db, idClient).list()).filter(
    (output) => wanted.size === 0 || wanted.has(output.id),
  )
  const openings = await listOutputOpenings(db, idClient, now)
  return outputs.map((output) => {
    const opening = openings.find((entry) => entry.id_output === output.id)
    return {
      id: output.id,
      name: output.name,
      id_object: output.id_object,
      kind: output.kind,
      open: Boolean(opening),
      source: opening?.source ?? null,
      close_at: opening?.close_at ?? null,
      id_schedule: opening?.id_schedule ?? null,
    }
  })
}

/** `widget_irrigation` (spec 01 section 7), answered for the session's account only. */
export function registerWidgetIrrigation(
  realtime: Pick<Realtime, 'handleRequest'>,
  deps: { db: Db; logger: Logger; now?: () => Date },
) {
  realtime.handleRequest('widget_irrigation', async (context, payload): Promise<WidgetIrrigationAck> => {
    const parsed = widgetIrrigationRequestSchema.safeParse(payload ?? {})
    if (!parsed.success) return socketFailure(context.lang, invalidPayloadCode(parsed.error))
    try {
      const now = deps.now?.() ?? new Date()
      return {
        ok: true,
        outputs: await widgetIrrigationState(deps.db, context.idClient, parsed.data.outputs, now),
      }
    } catch (error) {
      return failureOf(error, context.lang, deps.logger, 'widget_irrigation')
    }
  })
}
