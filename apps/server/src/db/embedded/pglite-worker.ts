import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

/**
 * Runs PGlite off the main thread: its queries execute in WASM and would otherwise stall sockets
 * and ingest. The main thread talks to it over the PostgreSQL wire protocol on a private Unix
 * socket, so the same node-postgres + Drizzle code serves PGlite and a real PostgreSQL.
 */
interface WorkerData {
  dataDir: string
  socketPath: string
}

const { dataDir, socketPath } = workerData as WorkerData
const db = await PGlite.create(dataDir)
// The pool holds one connection, but node-postgres destroys a connection whose query failed and
// opens the next at once, before this server has seen the old one close. With the library's default
// limit of one connection that next one was refused ('Too many connections': ECONNRESET or EPIPE for
// the request after any database error). Queries still run one at a time, transactions stay on their
// own connection (the queue pins them), and a closing connection's open transaction is rolled back.
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 8 })
await server.start()
parentPort?.postMessage({ type: 'ready' })

parentPort?.on('message', async (message: { type: string }) => {
  if (message.type !== 'close') return
  await server.stop()
  await db.close()
  parentPort?.postMessage({ type: 'closed' })
})
