import type { LiveDataRow, ObjectConfigState, ObjectConnection } from '@kropla/domain'

/** Where ingest sends what browsers should see at once; the socket server implements it. */
export interface LivePublisher {
  data(idClient: number, rows: LiveDataRow[]): void
  objectConnection(idClient: number, payload: ObjectConnection): void
  objectConfig(idClient: number, payload: ObjectConfigState): void
}
