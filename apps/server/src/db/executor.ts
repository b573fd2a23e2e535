import type { Db } from './client'

/** A transaction, or the database itself: data access runs on either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type Executor = Db | Tx
