import type { TestProject } from 'vitest/node'
import { buildTestBundle } from './test-bundle'

/**
 * Once per test run, before any worker starts: the bundle of the server and the simulator that the
 * child-process tests start (test-bundle.ts), removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const bundle = await buildTestBundle()
  project.provide('testBundleDir', bundle.dir)
  return () => bundle.remove()
}
