import type { Page } from 'playwright-core'
import { submitLogin, visit, waitForHash } from './journey'
import type { Preparation } from './stack'

/** The operator (Adminus) the back-office journeys log in as. */
export const operatorUser = { email: 'operator@kropla.app', password: 'Operator-pass-1' }

/** A stack's `prepare` step: creates the operator by the command line before the server starts. */
export async function createOperator({ cli }: Preparation): Promise<void> {
  await cli([
    'user',
    'create',
    '--email',
    operatorUser.email,
    '--password',
    operatorUser.password,
    '--type',
    'adminus',
  ])
}

/** Logs the operator in through the login page and waits for the start screen. */
export async function logInAsOperator(page: Page, baseUrl: string): Promise<void> {
  await visit(page, baseUrl, '/login')
  await waitForHash(page, '#/login')
  await submitLogin(page, operatorUser)
  await waitForHash(page, '#/')
}
