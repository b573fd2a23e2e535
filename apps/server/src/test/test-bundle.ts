import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import * as esbuild from 'esbuild'
import { inject } from 'vitest'

/**
 * The server and the simulator bundled once per test run, for the tests that start them as child
 * processes (the journeys' stacks, the command line's tests). Through `bin/*.mjs` every process
 * compiles about 300 TypeScript files with tsx on start: several CPU-seconds each, a hundred starts
 * a run. The bundle is the same source, compiled once; the product's own command lines are still
 * started by the wall-clock journeys and by `npm start` (ADR 0095).
 */
export const testBundleNames = [
  'kropla',
  'clocked-server',
  'simulator',
  'clocked-simulator',
  'pglite-worker-entry',
] as const
export type TestBundleName = (typeof testBundleNames)[number]

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url))
/** Inside the repository, so that the bundle's bare imports find node_modules. */
const bundlesDir = path.join(repoRoot, 'node_modules/.cache/kropla-test-bundle')

const entryPoints: Record<TestBundleName, string> = {
  kropla: 'apps/server/src/cli/main.ts',
  'clocked-server': 'apps/server/src/test/clocked-server.ts',
  simulator: 'apps/simulator/src/cli.ts',
  'clocked-simulator': 'apps/simulator/src/test/clocked-simulator.ts',
  // start-embedded.ts starts its worker from `./pglite-worker-entry.mjs` beside it: in the bundle,
  // beside the chunk that holds it.
  'pglite-worker-entry': 'apps/server/src/db/embedded/pglite-worker.ts',
}

/** Files whose `import.meta.url` must stay the bundle's own (it names a file the bundle emits). */
const bundleRelative = new Set([path.join(repoRoot, 'apps/server/src/db/embedded/start-embedded.ts')])

/**
 * Source files find their assets (migrations, the built web app) relative to themselves: each keeps
 * its own `import.meta.url` inside the bundle.
 */
const sourceLocations: esbuild.Plugin = {
  name: 'source-locations',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8')
      const contents =
        text.includes('import.meta.url') && !bundleRelative.has(args.path)
          ? text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
          : text
      return { contents, loader: 'ts' }
    })
  },
}

/** Packages stay in node_modules, loaded as the product loads them; the workspace's TypeScript is bundled. */
const packagesOutside: esbuild.Plugin = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@kropla/') || args.path.endsWith('.json')
        ? undefined
        : { path: args.path, external: true },
    )
  },
}

/**
 * Builds the bundle into a directory of this run's own (two runs side by side, as CI's tiers, must
 * not replace each other's files under running processes); resolves with it. `remove` when done.
 */
export async function buildTestBundle(): Promise<{ dir: string; remove(): void }> {
  fs.mkdirSync(bundlesDir, { recursive: true })
  const dir = fs.mkdtempSync(path.join(bundlesDir, 'run-'))
  await esbuild.build({
    absWorkingDir: repoRoot,
    entryPoints: Object.fromEntries(
      testBundleNames.map((name) => [name, path.join(repoRoot, entryPoints[name])]),
    ),
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Beside the code, read only when a process runs with --enable-source-maps.
    sourcemap: 'linked',
    plugins: [sourceLocations, packagesOutside],
    logLevel: 'warning',
  })
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's global set-up built the bundle. */
    testBundleDir: string
  }
}

/** The bundled entry point `name`, built by this run's global set-up (global-setup.ts). */
export function testBundle(name: TestBundleName): string {
  const file = path.join(inject('testBundleDir'), `${name}.mjs`)
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: the test run's global set-up builds it (vitest.config.ts)`)
  }
  return file
}
