import { findModel } from '@kropla/domain'
import { HttpError } from '../../app/http-errors'
import type { ManualOpensDal, OwnOutput } from './manual-opens-dal'

/**
 * The account's outputs among `ids` that can be switched: outputs (not input equipment) on a
 * terminal their module's model has. Any other id, or none at all, is `element_not_found`.
 */
export async function switchableOutputs(
  dal: Pick<ManualOpensDal, 'ownOutputs'>,
  idClient: number,
  ids: number[],
): Promise<OwnOutput[]> {
  const wanted = [...new Set(ids)]
  const found = await dal.ownOutputs(idClient, wanted)
  const usable = found.filter(
    (output) =>
      output.kind === 'output' &&
      (findModel(output.model)?.outputs as readonly string[] | undefined)?.includes(output.field_name),
  )
  if (wanted.length === 0 || usable.length !== wanted.length) throw new HttpError('element_not_found')
  return usable
}
