import { buildTestBundle } from './test-bundle'

/** Once per test run, before any worker starts: the bundle the child-process tests start (test-bundle.ts). */
export default async function setup(): Promise<void> {
  await buildTestBundle()
}
