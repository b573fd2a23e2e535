import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** Another live process holds the data directory. */
export class DataDirLockedError extends Error {}

/** The lock cannot be taken at all on this machine (no flock(1), or a file system without locks). */
export class DataDirLockUnavailableError extends Error {}

interface Holder {
  pid?: number
  host?: string
  since?: string
}

/**
 * Takes the exclusive lock on a data directory for as long as this process lives. Two processes
 * writing one PGlite directory lose committed rows silently, so a second one must refuse to start.
 *
 * The lock is the kernel's flock(2) on `kropla.lock`, never a process id: a pid says nothing once
 * the holder is in another PID namespace (it may name nobody, or PID 1, or ourselves). Node has no
 * flock, so flock(1) locks the open file description this process shares with it through its fd 3;
 * flock(1) exits, the lock stays with our descriptor, and the kernel drops it when this process
 * closes it or dies in any way (kill -9 included). The file holds who took it, for the message only.
 * It is never deleted: a second process could otherwise lock a new file while the first still holds
 * the unlinked one. Returns the function that releases the lock.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'kropla.lock')
  // Opened without truncating: the live holder's note must survive until we own the lock.
  const fd = fs.openSync(lockFile, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600)
  try {
    takeFlock(fd, dataDir)
  } catch (error) {
    fs.closeSync(fd)
    throw error
  }
  const note: Holder = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() }
  fs.ftruncateSync(fd, 0)
  fs.writeSync(fd, `${JSON.stringify(note)}\n`, 0)
  let held = true
  return () => {
    if (!held) return
    held = false
    fs.ftruncateSync(fd, 0)
    fs.closeSync(fd)
  }
}

function takeFlock(fd: number, dataDir: string): void {
  const result = spawnSync('flock', ['-x', '-n', '3'], {
    stdio: ['ignore', 'ignore', 'pipe', fd],
    encoding: 'utf8',
  })
  if (result.error) {
    const missing = (result.error as NodeJS.ErrnoException).code === 'ENOENT'
    throw new DataDirLockUnavailableError(
      missing
        ? `Cannot lock the data directory ${dataDir}: the flock command (util-linux) is not installed. ` +
            'Install it (apt-get install util-linux), or use PostgreSQL through DATABASE_URL.'
        : `Cannot lock the data directory ${dataDir}: ${result.error.message}`,
    )
  }
  if (result.status === 0) return
  if (result.status === 1) {
    throw new DataDirLockedError(
      `The data directory ${dataDir} is in use by another Kropla process${describeHolder(readHolder(fd))}. ` +
        'Stop that process first (the lock goes with it), or give this one its own DATA_DIR.',
    )
  }
  throw new DataDirLockUnavailableError(
    `Cannot lock the data directory ${dataDir} (flock exited with ${result.status ?? result.signal}): ` +
      `${result.stderr.trim()} Put DATA_DIR on a local file system, or use PostgreSQL through DATABASE_URL.`,
  )
}

function readHolder(fd: number): Holder {
  try {
    const buffer = Buffer.alloc(512)
    const text = buffer.subarray(0, fs.readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8')
    const parsed: unknown = JSON.parse(text)
    return typeof parsed === 'object' && parsed !== null ? (parsed as Holder) : {}
  } catch {
    return {}
  }
}

function describeHolder(holder: Holder): string {
  const parts = [
    typeof holder.pid === 'number' ? `pid ${holder.pid}` : '',
    typeof holder.host === 'string' ? `on host ${holder.host}` : '',
    typeof holder.since === 'string' ? `since ${holder.since}` : '',
  ].filter(Boolean)
  return parts.length > 0 ? ` (${parts.join(' ')})` : ''
}
