import type { IrrigationAck, ManualOpenRow, OutputRef } from '@kropla/domain'
import { isManualOpenBusy, manualStatus } from '@kropla/domain'
import { notifications } from '@mantine/notifications'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  type IrrigationRequestEvent,
  type IrrigationRequestPayload,
  manualOpensQueryKey,
} from '../realtime/irrigation-events'
import { useRealtimeChannel } from '../realtime/RealtimeContext'

let guessCounter = 0

/** A manual open the browser assumes until the server says otherwise: "waiting to open" at once. */
function guessedOpen(output: OutputRef, minutes: number | null, now: number): ManualOpenRow {
  guessCounter += 1
  return {
    id: -guessCounter,
    status: manualStatus.awaiting_opening,
    minutes,
    open_at: new Date(now).toISOString(),
    close_at: minutes === null ? null : new Date(now + minutes * 60_000).toISOString(),
    closed_at: null,
    error: null,
    Output: output,
  }
}

/**
 * The manual control requests with their optimistic states: an open shows "waiting to open" and a
 * close "stopping manual opening" right after the click; the `manual_opens` events then correct
 * them. A refusal takes the guess back and says why in a notification (the server's own words).
 */
export function useManualActions() {
  const { sendIrrigation } = useRealtimeChannel()
  const queryClient = useQueryClient()
  const { t } = useTranslation()

  const updateOpens = (update: (list: ManualOpenRow[]) => ManualOpenRow[]) =>
    queryClient.setQueryData<ManualOpenRow[]>(manualOpensQueryKey, (list) => update(list ?? []))

  function notifyFailure(answer: IrrigationAck) {
    const serverMessage = 'err' in answer ? answer.message : ''
    notifications.show({
      color: 'red',
      title: t('errors.manual_command_failed'),
      message: serverMessage || t('errors.manual_command_failed'),
    })
  }

  async function send<Event extends IrrigationRequestEvent>(
    event: Event,
    payload: IrrigationRequestPayload<Event>,
  ): Promise<IrrigationAck> {
    const answer = await sendIrrigation(event, payload)
    if (!('ok' in answer && answer.ok)) notifyFailure(answer)
    return answer
  }

  /** Opens outputs (one, or a group's) and shows them waiting to open until the server answers. */
  async function openWithGuess<Event extends 'manual_schedule' | 'manual_group_schedule'>(
    event: Event,
    payload: IrrigationRequestPayload<Event>,
    outputs: readonly OutputRef[],
    minutes: number | null,
  ): Promise<boolean> {
    const now = Date.now()
    const guesses = outputs.map((output) => guessedOpen(output, minutes, now))
    const guessIds = new Set(guesses.map((guess) => guess.id))
    updateOpens((list) => [...list, ...guesses])
    const answer = await send(event, payload)
    const isOk = 'ok' in answer && answer.ok
    // On success the server's `manual_opens` event (sent before its answer) has replaced the guess.
    if (!isOk) updateOpens((list) => list.filter((row) => !guessIds.has(row.id)))
    return isOk
  }

  /** Stops the outputs' manual opens: "stopping manual opening" until the server's events. */
  async function closeWithGuess<Event extends 'manual_schedule' | 'manual_group_schedule'>(
    event: Event,
    payload: IrrigationRequestPayload<Event>,
    outputIds: readonly number[],
  ): Promise<boolean> {
    const ids = new Set(outputIds)
    const stopping = new Map<ManualOpenRow, ManualOpenRow>()
    updateOpens((list) =>
      list.map((row) => {
        if (!ids.has(row.Output.id) || !isManualOpenBusy(row.status)) return row
        const guess = { ...row, status: manualStatus.cancelled }
        stopping.set(guess, row)
        return guess
      }),
    )
    const answer = await send(event, payload)
    const isOk = 'ok' in answer && answer.ok
    // Only rows still as guessed go back: the server may already have told what became of them.
    if (!isOk) updateOpens((list) => list.map((row) => stopping.get(row) ?? row))
    return isOk
  }

  return {
    openOutput: (output: OutputRef, minutes: number | null) =>
      openWithGuess('manual_schedule', { id_output: output.id, on: true, minutes }, [output], minutes),
    closeOutput: (output: OutputRef) =>
      closeWithGuess('manual_schedule', { id_output: output.id, on: false, minutes: null }, [output.id]),
    openGroup: (idGroup: number, outputs: readonly OutputRef[], minutes: number | null) =>
      openWithGuess('manual_group_schedule', { id_group: idGroup, on: true, minutes }, outputs, minutes),
    closeGroup: (idGroup: number, outputIds: readonly number[]) =>
      closeWithGuess('manual_group_schedule', { id_group: idGroup, on: false, minutes: null }, outputIds),
    startSequence: async (payload: IrrigationRequestPayload<'manual_schedule_new'>) => {
      const answer = await send('manual_schedule_new', payload)
      return 'ok' in answer && answer.ok
    },
  }
}
