import type { LiveDataRow } from '../live/live-data-row'

export interface ObjectConnection {
  id_object: number
  connection: 0 | 1
}

/** Events the server pushes to a browser (spec 01 section 7); later features add theirs here. */
export interface ServerToClientEvents {
  authorize: (payload: { id_client: number }) => void
  data: (rows: LiveDataRow[]) => void
  objects_connection: (payload: ObjectConnection) => void
  log_out: () => void
}

// biome-ignore lint/complexity/noBannedTypes: no browser requests exist yet; later features add them
export type ClientToServerEvents = {}
