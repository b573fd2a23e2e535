import react from '@vitejs/plugin-react'
import { defineProject } from 'vitest/config'
import { buildInfo } from './build-info'

/** The web app's integration tier: screens in jsdom against the fake server (pure tests are `*.unit.test.ts`, in `unit`). */
export default defineProject({
  plugins: [react(), buildInfo()],
  test: {
    name: 'integration-web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['src/**/*.unit.test.ts'],
    setupFiles: ['src/testing/setup.ts'],
    // A journey is several waits one after another; each may take up to asyncUtilTimeout (setup.ts).
    testTimeout: 180_000,
  },
})
