import type { ObjectDetail } from '@kropla/domain'

/**
 * Configurations the modules have acknowledged in this page's life. A module may acknowledge
 * before the browser has the answer of the save that sent the configuration; that answer still
 * says "pending", and must not bring the reconfiguration warning back.
 */
const settledConfigIds = new Set<string>()

/** The module as the browser should show it: a configuration already acknowledged is not pending. */
export function withoutSettledConfig(object: ObjectDetail): ObjectDetail {
  return object.config_pending && settledConfigIds.has(object.config_pending.id)
    ? { ...object, config_pending: null }
    : object
}

export function settleConfig(id: string) {
  settledConfigIds.add(id)
}
