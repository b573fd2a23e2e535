import { afterAll, afterEach, expect } from 'vitest'
import { takeUndeclaredStatuses } from './declared-statuses'

/**
 * Setup of the server tests: every answer a test server sent during a test (or a file's
 * beforeAll/afterAll) has a status its route declares, so the OpenAPI document lists what is sent.
 */
const check = () =>
  expect(takeUndeclaredStatuses(), 'answers whose status the route does not declare').toEqual([])
afterEach(check)
afterAll(check)
