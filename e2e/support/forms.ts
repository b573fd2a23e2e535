import type { Page, Response } from 'playwright-core'

/**
 * Every form field that shows an error now, with its message: the element its `aria-describedby`
 * names as its error (`<id>-error`, as Mantine links inputs and checkboxes to their messages), so the
 * checks also prove that a screen reader hears the message with its field.
 */
/** As long as a user would wait for a message to appear on a slow, busy machine. */
const fieldErrorWaitMs = 30_000

function readFieldErrors(): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const input of document.querySelectorAll('input[name], select[name], textarea[name]')) {
    const ids = input.getAttribute('aria-describedby')?.split(/\s+/) ?? []
    const errorId = ids.find((id) => id.endsWith('-error'))
    const text = errorId ? document.getElementById(errorId)?.textContent?.trim() : undefined
    if (text) errors[input.getAttribute('name') ?? ''] = text
  }
  return errors
}

/** The message shown with the field named `name`, or null. */
export async function fieldError(page: Page, name: string): Promise<string | null> {
  return (await page.evaluate(readFieldErrors))[name] ?? null
}

/** The names of the fields that show an error now. */
export async function fieldsWithErrors(page: Page): Promise<string[]> {
  return Object.keys(await page.evaluate(readFieldErrors))
}

/**
 * Waits until the field named `name` shows exactly `message` as its error; says what it showed instead.
 * Reads with `page.evaluate` (which the app's Content-Security-Policy allows) rather than a string
 * given to `waitForFunction`, which the page would have to evaluate as code (`script-src 'self'`).
 */
export async function waitForFieldError(page: Page, name: string, message: string): Promise<void> {
  const deadline = Date.now() + fieldErrorWaitMs
  let shown: Record<string, string> | string = {}
  while (Date.now() < deadline) {
    shown = await page.evaluate(readFieldErrors).catch(() => '(page gone)')
    if (typeof shown !== 'string' && shown[name] === message) return
    await page.waitForTimeout(50)
  }
  throw new Error(`field "${name}": expected the error "${message}"; errors shown: ${JSON.stringify(shown)}`)
}

/** Waits until the element `testId` shows exactly `message`; says what it showed instead. */
export async function waitForAlert(page: Page, testId: string, message: string): Promise<void> {
  const alert = page.getByTestId(testId)
  try {
    await alert.filter({ hasText: message }).waitFor()
    const text = (await alert.textContent())?.trim()
    if (text !== message) throw new Error(`shows ${JSON.stringify(text)}`)
  } catch (error) {
    const shown = await alert.allTextContents().catch(() => ['(page gone)'])
    throw new Error(`[data-testid="${testId}"]: expected "${message}", shown: ${JSON.stringify(shown)}`, {
      cause: error,
    })
  }
}

/** Waits until the stepper shows step `index` (0-based) as current. */
export async function waitForStep(page: Page, index: number): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      [...document.querySelectorAll('button.mantine-Stepper-step')].findIndex((step) =>
        step.hasAttribute('data-progress'),
      ) === expected,
    index,
    { polling: 50 },
  )
}

/** Clicks the form's submit button; with `path`, resolves with the server's answer to that request. */
export async function submitForm(page: Page, path?: string): Promise<Response | null> {
  const answered = path
    ? page.waitForResponse((response) => new URL(response.url()).pathname === path)
    : Promise.resolve(null)
  await page.locator('form button[type="submit"]').click()
  return answered
}

/** Switches the public screens' language with their language select. */
export async function chooseLanguage(page: Page, lang: 'en' | 'pl'): Promise<void> {
  await page.locator('select[name="lang"]').selectOption(lang)
  await page.waitForFunction((expected) => document.documentElement.lang === expected, lang)
}
