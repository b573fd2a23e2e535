import type { UserType } from '../auth/schemas'
import type { LiveDataRow } from '../live/live-data-row'

export interface ObjectConnection {
  id_object: number
  connection: 0 | 1
}

/** The user was deleted, or their type changed, in a client account: the browser logs out fully. */
export interface UserClientChange {
  id_client: number
  type: 'type' | 'deleted'
  user_type: UserType
}

/** Events the server pushes to a browser (spec 01 section 7); later features add theirs here. */
export interface ServerToClientEvents {
  authorize: (payload: { id_client: number }) => void
  data: (rows: LiveDataRow[]) => void
  objects_connection: (payload: ObjectConnection) => void
  log_out: () => void
  user_client_change: (payload: UserClientChange) => void
}

// biome-ignore lint/complexity/noBannedTypes: no browser requests exist yet; later features add them
export type ClientToServerEvents = {}
