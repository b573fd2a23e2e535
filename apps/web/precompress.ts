import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Text formats worth compressing; images other than SVG are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/
/** Below this a compressed copy saves less than the extra header costs. */
const minBytes = 1024

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name))
}

/** Writes `name.br` and `name.gz` beside every text file of the build, at the highest levels. */
export async function precompressDir(dir: string): Promise<void> {
  const files = (await filesUnder(dir)).filter((file) => compressible.test(file))
  await Promise.all(
    files.map(async (file) => {
      const body = await fs.readFile(file)
      if (body.length < minBytes) return
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ])
      if (br.length < body.length) await fs.writeFile(`${file}.br`, br)
      if (gz.length < body.length) await fs.writeFile(`${file}.gz`, gz)
    }),
  )
}

/**
 * The server sends these copies as they are (@fastify/static `preCompressed`), so the best
 * compression is paid once at build time instead of on every request.
 */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'kropla-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      await precompressDir(outDir)
    },
  }
}
