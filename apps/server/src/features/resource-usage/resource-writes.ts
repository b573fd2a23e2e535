import type { ResourceUsage } from '@kropla/domain'
import type { Logger } from 'pino'
import { HttpError } from '../../app/http-errors'
import type { ErrorCode } from '../../app/request-lang'
import { isDataException } from '../../db/data-exception'

/**
 * Runs a write of a resource. Refusals the user can act on (HttpError) pass through; anything
 * else is logged and answered with the resource's own failure, `code` (e.g. group_save_failed, 500).
 */
export async function savingAs<T>(code: ErrorCode, logger: Logger, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    // A value the database refused is the request's fault: the error handler answers it with a 400.
    if (error instanceof HttpError || isDataException(error)) throw error
    logger.error({ err: error, code }, 'resource write failed')
    throw new HttpError(code)
  }
}

/** Removal is refused (409 resource_in_use, naming them) while anything blocking holds the resource. */
export function refuseWhileBlocked(usage: ResourceUsage) {
  if (usage.blocking.length)
    throw new HttpError('resource_in_use', {
      params: { uses: usage.blocking.map((use) => use.name).join(', ') },
    })
}
