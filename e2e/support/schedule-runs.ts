import type { OutputPlanRow, ScheduleRow } from '@kropla/domain'
import { catalogues } from '@kropla/i18n'
import type { Locator, Page } from 'playwright-core'

/**
 * Openings of a schedule as a user reads them (output, day and time in the user's zone and date
 * format, minutes), from the wizard's preview and from the server's output plans, so the two can be
 * compared one for one.
 */
export interface Opening {
  output: string
  /** The day as the preview shows it (the date part of the user's format). */
  day: string
  /** `HH:mm` in the user's zone. */
  time: string
  minutes: number
}

const en = catalogues.en

/** `output | day time | minutes`, sortable and readable in a failure message. */
export const openingText = (opening: Opening) =>
  `${opening.output} | ${opening.day} ${opening.time} | ${opening.minutes} min`

export const sortedTexts = (openings: Opening[]) => openings.map(openingText).sort()

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A catalogue template (`{{name}}` placeholders) as a regular expression with one group per placeholder. */
function templatePattern(template: string, groups: Record<string, string>): RegExp {
  const parts = template.split(/(\{\{\w+\}\})/)
  const source = parts
    .map((part) => {
      const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1]
      return name ? `(?<${name}>${groups[name] ?? '.+?'})` : escapeRegExp(part)
    })
    .join('')
  return new RegExp(`^${source}$`)
}

const runsOfPattern = templatePattern(en.schedules.preview.runs_of, { output: '.+' })
const runLabelPattern = templatePattern(en.schedules.preview.run_label, {
  day: '.+',
  time: '\\d{2}:\\d{2}',
  minutes: '\\d+',
})

/**
 * Every run the preview lists, as a screen reader hears it: each output's list ("Runs of …") and its
 * items' labels ("<day> <HH:mm>, <n> min"). The part of a run continued past midnight is no item.
 */
export async function readPreviewOpenings(preview: Locator): Promise<Opening[]> {
  const lists = await preview.getByRole('list').evaluateAll((elements) =>
    elements.map((element) => ({
      name: element.getAttribute('aria-label') ?? '',
      items: [...element.querySelectorAll('[role="listitem"]')].map(
        (item) => item.getAttribute('aria-label') ?? '',
      ),
    })),
  )
  const openings: Opening[] = []
  for (const list of lists) {
    const output = runsOfPattern.exec(list.name)?.groups?.output
    if (!output) continue
    for (const label of list.items) {
      const run = runLabelPattern.exec(label)?.groups
      if (!run)
        throw new Error(`a run of ${output} reads "${label}", not "${en.schedules.preview.run_label}"`)
      openings.push({ output, day: run.day!, time: run.time!, minutes: Number(run.minutes) })
    }
  }
  return openings
}

/** The wall-clock parts of `at` in `timeZone`. */
function partsIn(at: Date, timeZone: string): Record<'YYYY' | 'MM' | 'DD' | 'HH' | 'mm' | 'ss', string> {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return {
    YYYY: part('year'),
    MM: part('month'),
    DD: part('day'),
    HH: part('hour'),
    mm: part('minute'),
    ss: part('second'),
  }
}

/**
 * `at` in a dayjs-style `format` of the tokens a user's date format is made of (YYYY MM DD HH mm ss);
 * any other letter is refused, so a format this reading does not know fails loudly.
 */
export function formatIn(at: Date, format: string, timeZone: string): string {
  const parts = partsIn(at, timeZone)
  const text = format.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token as keyof typeof parts])
  if (/[A-Za-z]/.test(text))
    throw new Error(`the date format "${format}" has tokens this journey cannot write`)
  return text
}

/** The date part of a user's format (`YYYY-MM-DD HH:mm:ss` → `YYYY-MM-DD`), as the preview shows days. */
export const datePartOf = (format: string) => format.replace(/[\sT]*[Hh]{1,2}.*$/, '').trim() || 'YYYY-MM-DD'

/** `YYYY-MM-DD` and `HH:mm` of `at` in `timeZone`: what a date and a time input take. */
export function inputValuesIn(at: Date, timeZone: string): { day: string; time: string } {
  const parts = partsIn(at, timeZone)
  return { day: `${parts.YYYY}-${parts.MM}-${parts.DD}`, time: `${parts.HH}:${parts.mm}` }
}

/** A plan as the preview would word it. */
export function openingOfPlan(plan: OutputPlanRow, dateFormat: string, timeZone: string): Opening {
  const at = new Date(plan.open_at)
  return {
    output: plan.Output.name,
    day: formatIn(at, datePartOf(dateFormat), timeZone),
    time: formatIn(at, 'HH:mm', timeZone),
    minutes: plan.duration,
  }
}

/** GET `path` with the page's own session (its cookies), as the app's screens read the API. */
export async function getJson<T>(page: Page, path: string): Promise<T> {
  const answer = await page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' })
    return { status: response.status, body: await response.text() }
  }, path)
  if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${answer.body}`)
  return JSON.parse(answer.body) as T
}

/** The account's output plans opening in [from, to): the calendar's source, the server's truth. */
export const outputPlans = (page: Page, from: Date, to: Date) =>
  getJson<OutputPlanRow[]>(
    page,
    `/api/outputs_plans?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`,
  )

export const schedules = (page: Page) => getJson<ScheduleRow[]>(page, '/api/schedulers')

/**
 * The user's date format, their own zone (none: the browser's) and the farm's zone, which schedule
 * times, the preview and the calendar count in.
 */
export async function userFormat(
  page: Page,
): Promise<{ dateFormat: string; timeZone: string | null; farmZone: string }> {
  const me = await getJson<{
    user: { date_format: string; time_zone: string | null; client_time_zone: string }
  }>(page, '/api/me')
  return { dateFormat: me.user.date_format, timeZone: me.user.time_zone, farmZone: me.user.client_time_zone }
}
