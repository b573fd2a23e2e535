import fs from 'node:fs'
import path from 'node:path'

export class DataDirLockedError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes the exclusive lock on a data directory. Two processes writing one PGlite directory lose
 * committed rows silently, so a second one must refuse to start. A lock left by a process that no
 * longer runs (killed, crashed) is taken over. Returns the function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'kropla.lock')
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' })
      return () => {
        if (readHolder(lockFile) === process.pid) fs.rmSync(lockFile, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = readHolder(lockFile)
    if (holder !== null && (holder === process.pid || isRunning(holder))) {
      throw new DataDirLockedError(
        `The data directory ${dataDir} is in use by another Kropla process (pid ${holder}). ` +
          'Stop that process first, or give this one its own DATA_DIR.',
      )
    }
    // The holder is gone: move its lock aside atomically so that only one contender removes it.
    const aside = `${lockFile}.${process.pid}.stale`
    try {
      fs.renameSync(lockFile, aside)
      fs.rmSync(aside, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`)
}

function readHolder(lockFile: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}
