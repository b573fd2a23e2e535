import type { MeResponse } from '@kropla/domain'
import { meFixture } from '@kropla/domain/testing'
import { render } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { AppProviders } from '../app/AppProviders'
import { createServices } from '../app/create-services'
import { routes } from '../app/router'
import { createI18n } from '../lib/i18n'
import { withAnswerContract } from './contract-check'
import { createFakeServer, type FakeServer } from './fake-server'

export interface RenderAppOptions {
  me?: MeResponse
  isLoggedIn?: boolean
  lang?: 'en' | 'pl'
  /** A server prepared by the test (state changed beforehand); otherwise a fresh one. */
  server?: FakeServer
  /** Every request fails as it does when the network or the server is down. */
  isServerDown?: boolean
  /** An i18next instance prepared by the test (a partial catalogue); otherwise both catalogues whole. */
  i18n?: I18n
}

/**
 * The whole app at an address, against the in-memory server. Tests that need the socket or page
 * reloads mock `../lib/socket` and `../lib/reload` themselves (vi.mock is per test file).
 */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const server =
    options.server ?? createFakeServer(options.me ?? meFixture(), { isLoggedIn: options.isLoggedIn })
  const i18n = options.i18n ?? createI18n(options.lang ?? 'en')
  const fetch: FakeServer['fetch'] = options.isServerDown
    ? () => Promise.reject(new TypeError('Failed to fetch'))
    : withAnswerContract(server.fetch)
  const services = createServices(i18n, { fetch, retryDelayMs: 0 })
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { router, server, i18n, services }
}
