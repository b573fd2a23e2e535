import type { PlanRole, PreviewRun, SchedulePreview } from '@kropla/domain'
import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'
import { wallClockIn } from '../farm-zone/farm-zone'

dayjs.extend(utc)
dayjs.extend(timezone)

const minutesPerDay = 1440

/** One bar of the timeline: the part of a run that falls on one day, in minutes from that midnight. */
export interface TimelineBar {
  /** `HH:mm` of the run's start, in the farm's time zone. */
  time: string
  /** The run's start where the user reads times, when that zone is not the farm's. */
  local: { day: string; time: string } | null
  /** The whole run's minutes (a run past midnight also shows on the next day, continued). */
  minutes: number
  startMinute: number
  endMinute: number
  fertigation: boolean
  role: PlanRole
  /** The part after midnight of a run that began the day before. */
  isContinued: boolean
}

export interface TimelineDay {
  /** `YYYY-MM-DD` in the farm's time zone. */
  day: string
  bars: TimelineBar[]
}

export interface TimelineRow {
  id_output: number
  name: string
  /** Opens for a water source (clean or fertigation water) rather than as an element. */
  isWaterSource: boolean
  runCount: number
  days: TimelineDay[]
}

/** A moment in the farm's zone; an unknown zone name falls back to the browser's own. */
function inZone(iso: string, timeZone: string | null) {
  const moment = dayjs.utc(iso)
  if (timeZone) {
    try {
      return moment.tz(timeZone)
    } catch {
      // dayjs throws RangeError for a zone name the browser does not know
    }
  }
  return moment.local()
}

/** Every calendar day the preview window touches, in the farm's zone. */
function daysOf(preview: Pick<SchedulePreview, 'from' | 'to'>, timeZone: string | null): string[] {
  const last = inZone(preview.to, timeZone).subtract(1, 'millisecond').format('YYYY-MM-DD')
  const days: string[] = []
  let day = inZone(preview.from, timeZone).format('YYYY-MM-DD')
  // A week's window has eight days at most; the bound only guards a malformed answer.
  while (days.length < 62) {
    days.push(day)
    if (day >= last) break
    day = dayjs(day).add(1, 'day').format('YYYY-MM-DD')
  }
  return days
}

/** The pieces of one run, one per day it touches. */
function piecesOf(
  run: PreviewRun,
  timeZone: string | null,
  displayZone: string | null,
): { day: string; bar: TimelineBar }[] {
  const start = inZone(run.open_at, timeZone)
  const time = start.format('HH:mm')
  const local = displayZone ? wallClockIn(run.open_at, displayZone) : null
  const pieces: { day: string; bar: TimelineBar }[] = []
  let startMinute = start.hour() * 60 + start.minute()
  let remaining = run.duration
  let day = start.format('YYYY-MM-DD')
  let isContinued = false
  do {
    const endMinute = Math.min(minutesPerDay, startMinute + remaining)
    pieces.push({
      day,
      bar: {
        time,
        local,
        minutes: run.duration,
        startMinute,
        endMinute,
        fertigation: run.fertigation,
        role: run.role,
        isContinued,
      },
    })
    remaining -= endMinute - startMinute
    startMinute = 0
    day = dayjs(day).add(1, 'day').format('YYYY-MM-DD')
    isContinued = true
  } while (remaining > 0)
  return pieces
}

/**
 * The preview as the wizard draws it: one row per output (the elements' outputs first, in the order
 * they first run, then the water sources' outputs), and in each row the window's days with the bars
 * of its runs, all in the farm's time zone (`timeZone`); with `displayZone`, each run also says its
 * start in the zone the user reads times in.
 */
export function layOutPreview(
  preview: SchedulePreview,
  timeZone: string | null,
  displayZone: string | null = null,
): TimelineRow[] {
  const days = daysOf(preview, timeZone)
  const runs = [...preview.runs].sort((a, b) => a.open_at.localeCompare(b.open_at))
  const rows = new Map<number, TimelineRow & { byDay: Map<string, TimelineBar[]> }>()
  for (const run of runs) {
    let row = rows.get(run.id_output)
    if (!row) {
      row = {
        id_output: run.id_output,
        name: run.output_name,
        isWaterSource: run.role !== 'element',
        runCount: 0,
        days: [],
        byDay: new Map(),
      }
      rows.set(run.id_output, row)
    }
    row.runCount += 1
    for (const { day, bar } of piecesOf(run, timeZone, displayZone)) {
      const bars = row.byDay.get(day) ?? []
      bars.push(bar)
      row.byDay.set(day, bars)
    }
  }
  const laidOut = [...rows.values()].map(({ byDay, ...row }) => ({
    ...row,
    days: days.map((day) => ({ day, bars: byDay.get(day) ?? [] })),
  }))
  return [...laidOut.filter((row) => !row.isWaterSource), ...laidOut.filter((row) => row.isWaterSource)]
}

/** A warning of the preview as a catalogue key (the server may send `start_passed_today` or the full key). */
export function warningKey(warning: string): string {
  return warning.startsWith('schedules.warnings.') ? warning : `schedules.warnings.${warning}`
}
