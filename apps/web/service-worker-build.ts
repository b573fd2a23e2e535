import fs from 'node:fs/promises'
import path from 'node:path'
import type { Plugin } from 'vite'
import { serviceWorkerRelease, writeRelease } from './src/features/offline/service-worker-release'

/**
 * Writes the release and the list of built scripts and styles into dist/sw.js (public/sw.js,
 * copied by Vite), so the worker caches this release's app shell at install and drops the last
 * release's caches when it takes over. Runs before the precompress step, which compresses the result.
 */
export function serviceWorkerBuild(): Plugin {
  let outDir = 'dist'
  return {
    name: 'kropla-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async writeBundle() {
      const workerFile = path.join(outDir, 'sw.js')
      const source = await fs.readFile(workerFile, 'utf8')
      const files = await fs.readdir(outDir, { recursive: true })
      const { release, precache } = serviceWorkerRelease(files, source)
      await fs.writeFile(workerFile, writeRelease(source, release, precache))
    },
  }
}
