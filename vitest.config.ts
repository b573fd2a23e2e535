import { defineConfig } from 'vitest/config'
import { SpreadTestFiles } from './scripts/spread-test-files'

/**
 * One runner, three tiers; a test file's name says its tier (scripts/check-test-tiers.ts checks
 * that every test file lands in exactly one project):
 * - `*.unit.test.ts` — unit: pure code, no database, broker, socket, server or DOM; the whole tier
 *   runs in seconds (`npm run test:unit`).
 * - `*.test.ts(x)` — integration: the server on the real embedded database and broker, the
 *   simulator on a broker (`integration`), the web app's screens in jsdom against a fake server
 *   (`integration-web`).
 * - `e2e/*.spec.ts` — e2e: journeys in a real browser against the built app and a real server.
 */
const unitTests = ['packages/*/src/**/*.unit.test.ts', 'apps/*/src/**/*.unit.test.ts']

export default defineConfig({
  test: {
    // Most files wait on sockets, timers and a browser rather than on the CPU: a worker more than
    // the machine's cores keeps a 2-core CI machine busy while a journey waits for its planned minute.
    maxWorkers: 3,
    // The server and the simulator bundled once for every test that starts them as processes (ADR 0095).
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // Journeys beside the integration and screen files rather than after them (scripts/spread-test-files.ts).
    sequence: { sequencer: SpreadTestFiles },
    projects: [
      {
        test: {
          name: 'unit',
          include: unitTests,
          environment: 'node',
          // Pure tests share their workers' modules rather than loading the domain's schemas and the
          // catalogues again for every file: two thirds of the CPU time. A unit test that changes global
          // state (fake timers, stubbed globals) puts it back in afterEach.
          pool: 'threads',
          isolate: false,
          // Generous only for a busy machine: a pure test is milliseconds.
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration',
          // Files share their worker's module graph (the server's modules are loaded once a worker,
          // not once a file); each file still starts its own server through the composition root, so
          // no service outlives its file. A file that changes process state (TZ) puts it back (ADR 0089).
          isolate: false,
          include: ['apps/server/src/**/*.test.ts', 'apps/simulator/src/**/*.test.ts'],
          exclude: unitTests,
          // Every answer of a test server has a status its route declares (the OpenAPI document);
          // a no-op for files that start no server.
          setupFiles: ['apps/server/src/test/check-declared-statuses.ts'],
          // Generous for a slow, busy machine: a test spawning the command line three times took
          // about 60 s at a load average of 30; a passing test is no slower for a higher limit.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          // playwright-core, the domain's schemas and the catalogues loaded once a worker, not once
          // a journey (about 8 s of CPU each); every journey still has its own server and browser.
          isolate: false,
          include: ['**/*.spec.ts'],
          // Generous for a slow, busy machine (a journey's own waits are for what a user waits for):
          // at a load of 20 on 2 cores, 120 s cut two journeys that pass in 40 s on a quiet one.
          testTimeout: 300_000,
          // A server, its simulator and a browser started on a machine at a load of 20 took over 90 s.
          hookTimeout: 360_000,
          // Each journey starts its own server (free ports, its own data directory) and browser, so
          // journeys run beside each other and the other tiers: most of a journey's time is waiting
          // (for a planned minute, a module's answer), and run one at a time they made CI the sum
          // of those waits (17 of 28 minutes).
        },
      },
    ],
  },
})
