import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'

export interface EmbeddedPostgres {
  /** Directory holding the `.s.PGSQL.5432` socket, as node-postgres's `host` expects. */
  socketDir: string
  port: number
  stop(): Promise<void>
}

const socketPort = 5432
const maxSocketPath = 100

/** Starts PGlite on `${dataDir}/pgdata` in a worker thread, serving a Unix socket only this user can reach. */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  const pgData = path.join(dataDir, 'pgdata')
  fs.mkdirSync(pgData, { recursive: true })
  let socketDir = path.join(dataDir, 'run')
  if (path.join(socketDir, `.s.PGSQL.${socketPort}`).length > maxSocketPath) {
    socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kropla-'))
  }
  fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 })
  const socketPath = path.join(socketDir, `.s.PGSQL.${socketPort}`)
  fs.rmSync(socketPath, { force: true })

  const worker = new Worker(new URL('./pglite-worker-entry.mjs', import.meta.url), {
    workerData: { dataDir: pgData, socketPath },
  })
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject)
    worker.once('exit', (code) =>
      reject(new Error(`The embedded database stopped during start-up (exit ${code}).`)),
    )
    worker.once('message', () => resolve())
  })
  worker.removeAllListeners('exit')
  worker.removeAllListeners('error')

  return {
    socketDir,
    port: socketPort,
    async stop() {
      const closed = new Promise<void>((resolve) => {
        worker.once('message', () => resolve())
        worker.once('exit', () => resolve())
      })
      worker.postMessage({ type: 'close' })
      await closed
      await worker.terminate()
    },
  }
}
