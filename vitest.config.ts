import { defineConfig } from 'vitest/config'

/** One runner for every tier: unit tests beside the code, integration tests in apps/server, journeys in e2e. */
export default defineConfig({
  test: {
    // Most files wait on sockets, timers and a browser rather than on the CPU: a worker more than
    // the machine's cores keeps a 2-core CI machine busy while a journey waits for its planned minute.
    maxWorkers: 3,
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      { test: { name: 'i18n', root: 'packages/i18n', include: ['src/**/*.test.ts'] } },
      { test: { name: 'simulator', root: 'apps/simulator', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
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
          include: ['**/*.spec.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
