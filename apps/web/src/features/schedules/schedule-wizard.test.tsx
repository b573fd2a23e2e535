import type { ScheduleInput, SchedulePreview } from '@kropla/domain'
import { meFixture } from '@kropla/domain/testing'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { withResources } from '../../testing/fake-resources'
import { type FakeSchedules, scheduleRowFixture, withSchedules } from '../../testing/fake-schedules'
import { createFakeServer } from '../../testing/fake-server'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { errorOf, field } from '../../testing/form-fields'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

// The screen is a lazy chunk: loaded once here, so no test spends its own time waiting for it.
beforeAll(async () => {
  await import('./SchedulesScreen')
}, 60_000)

beforeEach(() => {
  socket = createFakeSocket()
})

/** A farm in Warsaw (three valves, a water source, a section, a soil probe), by default seen from Warsaw. */
function openSchedules(
  schedules: Partial<FakeSchedules> = {},
  lang: 'en' | 'pl' = 'en',
  userZone: string | null = 'Europe/Warsaw',
) {
  const me = meFixture({
    user: {
      time_zone: userZone,
      client_time_zone: 'Europe/Warsaw',
      date_format: 'DD.MM.YYYY HH:mm',
      lang,
    },
  })
  const server = withSchedules(withResources(createFakeServer(me, { isLoggedIn: true })), schedules)
  return { ...renderApp('/schedules', { server, lang }), server }
}

async function openWizard() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add a schedule' }))
  const dialog = await screen.findByRole('dialog', { name: 'New schedule' })
  await within(dialog).findByRole('group', { name: 'Devices' })
  return within(dialog)
}

const change = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } })

/** The error Mantine links to a group of radios or checkboxes (aria-describedby). */
function describedError(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

function chooseElement(wizard: ReturnType<typeof within>, list: string, name: string) {
  fireEvent.click(within(wizard.getByRole('group', { name: list })).getByRole('checkbox', { name }))
}

describe('the schedule wizard', () => {
  it('posts exactly the entered schedule, from its preview', async () => {
    const { server } = openSchedules()
    const wizard = await openWizard()
    change(field('name'), 'Night tomatoes')
    change(wizard.getByLabelText('Priority'), '1')
    change(field('begin_date'), '2026-05-04')
    change(field('expiration_date'), '2026-09-30')
    fireEvent.click(wizard.getByRole('radio', { name: 'Every N days' }))
    change(wizard.getByLabelText('Every how many days'), '2')
    change(field('definition.starts.start_time'), '05:30')
    change(wizard.getByLabelText('Number of cycles'), '2')
    change(wizard.getByLabelText('Interval between cycle starts (min)'), '120')
    change(wizard.getByLabelText('Cycle length (min)'), '30')
    chooseElement(wizard, 'Sections', 'Tomatoes')
    chooseElement(wizard, 'Devices', 'Valve south')
    change(wizard.getByRole('textbox', { name: 'Time of Valve south (%)' }), '50')
    const chosen = wizard.getByRole('list', { name: 'Times of the chosen elements' })
    expect(
      within(within(chosen).getByRole('listitem', { name: 'Valve south' })).getByText('15 min'),
    ).toBeTruthy()
    expect(
      within(within(chosen).getByRole('listitem', { name: 'Tomatoes' })).getByText('30 min'),
    ).toBeTruthy()

    fireEvent.click(wizard.getByRole('button', { name: 'Show the preview' }))
    await wizard.findByTestId('schedule-preview')
    const expected: ScheduleInput = {
      name: 'Night tomatoes',
      type: 1,
      priority: 1,
      begin_date: '2026-05-04',
      expiration_date: '2026-09-30',
      definition: {
        rule: { kind: 'every_n_days', n: 2 },
        cycle_minutes: 30,
        starts: { kind: 'every', start_time: '05:30', count: 2, every_minutes: 120 },
        elements: [
          { kind: 'section', id: 41, percent: 100 },
          { kind: 'output', id: 12, percent: 50 },
        ],
        fertigation: { kind: 'none' },
        conditions: [],
      },
    }
    expect(server.callsTo('POST', '/api/schedulers/preview')[0]?.body).toEqual(expected)
    expect(server.callsTo('POST', '/api/schedulers')).toHaveLength(0)

    fireEvent.click(wizard.getByRole('button', { name: 'Save the schedule' }))
    expect(await screen.findByText('Schedule created.')).toBeTruthy()
    expect(server.callsTo('POST', '/api/schedulers')[0]?.body).toEqual(expected)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByText('Night tomatoes')).toBeTruthy()
  })

  it('sends the fertigation, the given cycle hours and the conditions as entered', async () => {
    const { server } = openSchedules()
    const wizard = await openWizard()
    change(field('name'), 'Fertigated')
    fireEvent.click(wizard.getByRole('radio', { name: 'Given hours' }))
    fireEvent.click(wizard.getByRole('button', { name: 'Add a cycle hour' }))
    change(field('definition.starts.times.1'), '18:00')
    chooseElement(wizard, 'Groups', 'North valves')
    change(wizard.getByLabelText('Fertigation'), 'cycles')
    fireEvent.click(
      within(wizard.getByRole('group', { name: 'Fertigated cycles' })).getByRole('checkbox', {
        name: 'Cycle 2',
      }),
    )
    fireEvent.click(wizard.getByRole('button', { name: 'Add a condition' }))
    const condition = within(wizard.getByRole('group', { name: 'Condition 1' }))
    change(condition.getByLabelText('Module'), '3')
    change(condition.getByLabelText('Comparison'), 'gt')
    change(condition.getByLabelText('Value'), '25')
    fireEvent.click(wizard.getByRole('button', { name: 'Show the preview' }))
    await wizard.findByTestId('schedule-preview')
    expect(server.callsTo('POST', '/api/schedulers/preview')[0]?.body).toMatchObject({
      definition: {
        starts: { kind: 'hours', times: ['06:00', '18:00'] },
        elements: [{ kind: 'group', id: 31, percent: 100 }],
        fertigation: { kind: 'cycles', cycles: [1, 2] },
        conditions: [
          {
            metric: 'soil_humidity',
            source: { kind: 'object', id_object: 3, field: 'HUMIDITY_1' },
            comparator: 'gt',
            value: 25,
          },
        ],
      },
    })
  })

  it('offers no sections and no fertigation to a control schedule, and drops those chosen before', async () => {
    const { server } = openSchedules()
    const wizard = await openWizard()
    change(field('name'), 'Lights')
    chooseElement(wizard, 'Sections', 'Tomatoes')
    chooseElement(wizard, 'Devices', 'Valve east')
    change(wizard.getByLabelText('Fertigation'), 'every_n_days')
    change(wizard.getByLabelText('Type'), '4')
    expect(wizard.queryByRole('group', { name: 'Sections' })).toBeNull()
    expect(wizard.queryByLabelText('Fertigation')).toBeNull()
    expect(wizard.queryByRole('listitem', { name: 'Tomatoes' })).toBeNull()
    // An interval schedule counts cycles from a start time only.
    expect((wizard.getByRole('radio', { name: 'Given hours' }) as HTMLInputElement).disabled).toBe(false)
    change(wizard.getByLabelText('Type'), '6')
    expect((wizard.getByRole('radio', { name: 'Given hours' }) as HTMLInputElement).disabled).toBe(true)
    expect(wizard.getByLabelText('Pause between cycles (min)')).toBeTruthy()
    fireEvent.click(wizard.getByRole('button', { name: 'Show the preview' }))
    await wizard.findByTestId('schedule-preview')
    expect(server.callsTo('POST', '/api/schedulers/preview')[0]?.body).toMatchObject({
      type: 6,
      definition: { elements: [{ kind: 'output', id: 13, percent: 100 }], fertigation: { kind: 'none' } },
    })
  })

  it('shows the spec’s messages for a missing name, no elements and too many cycles, and asks the server nothing', async () => {
    const { server } = openSchedules()
    const wizard = await openWizard()
    const preview = () => fireEvent.click(wizard.getByRole('button', { name: 'Show the preview' }))
    const startsGroup = () => wizard.getByRole('radiogroup', { name: 'Cycle starts' })

    preview()
    expect(await wizard.findByText('Some fields need correcting.')).toBeTruthy()
    expect(errorOf('name')).toBe('Field required')
    expect(
      within(wizard.getByTestId('elements-field')).getByText('Choose at least one section or device.'),
    ).toBeTruthy()

    // Cycles times elements above 30: 16 cycles of two elements.
    change(field('name'), 'Pulses')
    chooseElement(wizard, 'Devices', 'Valve south')
    chooseElement(wizard, 'Devices', 'Valve east')
    change(wizard.getByLabelText('Cycle length (min)'), '5')
    change(wizard.getByLabelText('Number of cycles'), '16')
    preview()
    await waitFor(() =>
      expect(describedError(startsGroup())).toBe('Too many cycles: cycles times sections may be at most 30.'),
    )

    expect(server.callsTo('POST', '/api/schedulers/preview')).toHaveLength(0)
  })

  it('says when cycles start too close or a day runs over 1440 minutes', async () => {
    const { server } = openSchedules()
    const wizard = await openWizard()
    const preview = () => fireEvent.click(wizard.getByRole('button', { name: 'Show the preview' }))
    const startsGroup = () => wizard.getByRole('radiogroup', { name: 'Cycle starts' })
    change(field('name'), 'Pulses')
    chooseElement(wizard, 'Devices', 'Valve south')
    chooseElement(wizard, 'Devices', 'Valve east')

    // Starts closer than a cycle lasts: two elements of 10 minutes every 15 minutes.
    change(wizard.getByLabelText('Number of cycles'), '3')
    change(wizard.getByLabelText('Cycle length (min)'), '10')
    change(wizard.getByLabelText('Interval between cycle starts (min)'), '15')
    preview()
    await waitFor(() =>
      expect(describedError(startsGroup())).toBe(
        'Cycle starts must be further apart than the irrigation time.',
      ),
    )

    // More than 1440 minutes a day: 2 cycles of 2 × 400 minutes.
    change(wizard.getByLabelText('Number of cycles'), '2')
    change(wizard.getByLabelText('Cycle length (min)'), '400')
    change(wizard.getByLabelText('Interval between cycle starts (min)'), '720')
    preview()
    await waitFor(() =>
      expect(errorOf('definition.cycle_minutes')).toBe('Total irrigation time may be at most 1440 minutes.'),
    )
    expect(server.callsTo('POST', '/api/schedulers/preview')).toHaveLength(0)
  })

  it('shows the same messages in Polish', async () => {
    openSchedules({}, 'pl')
    fireEvent.click(await screen.findByRole('button', { name: 'Dodaj harmonogram' }))
    const wizard = within(await screen.findByRole('dialog', { name: 'Nowy harmonogram' }))
    await wizard.findByRole('group', { name: 'Urządzenia' })
    fireEvent.click(wizard.getByRole('button', { name: 'Pokaż podgląd' }))
    expect(await wizard.findByText('Popraw zaznaczone pola.')).toBeTruthy()
    expect(errorOf('name')).toBe('Pole wymagane')
  })

  it('puts the server’s refusal at the field it concerns', async () => {
    const { server } = openSchedules()
    server.state.failures.set('POST /api/schedulers/preview', {
      status: 400,
      code: 'schedule_different_water_sources',
    })
    const wizard = await openWizard()
    change(field('name'), 'Two wells')
    chooseElement(wizard, 'Sections', 'Tomatoes')
    fireEvent.click(wizard.getByRole('button', { name: 'Show the preview' }))
    expect(
      await within(wizard.getByTestId('elements-field')).findByText(
        'All sections must share the same water source.',
      ),
    ).toBeTruthy()
    expect(wizard.queryByTestId('schedule-preview')).toBeNull()
  })

  it('puts a catalogue rule the server refuses at its field, in Polish', async () => {
    const { server } = openSchedules({}, 'pl')
    server.state.failures.set('POST /api/schedulers/preview', { status: 400, code: 'schedule_too_long' })
    fireEvent.click(await screen.findByRole('button', { name: 'Dodaj harmonogram' }))
    const wizard = within(await screen.findByRole('dialog', { name: 'Nowy harmonogram' }))
    await wizard.findByRole('group', { name: 'Urządzenia' })
    change(field('name'), 'Długie podlewanie')
    chooseElement(wizard, 'Sekcje', 'Tomatoes')
    fireEvent.click(wizard.getByRole('button', { name: 'Pokaż podgląd' }))
    await waitFor(() =>
      expect(errorOf('definition.cycle_minutes')).toBe(
        'Łączny czas nawadniania może wynosić najwyżej 1440 minut.',
      ),
    )
    expect(wizard.queryByTestId('schedule-preview')).toBeNull()
  })

  it('draws the preview per output in the farm’s time zone, water sources apart, with the warnings', async () => {
    const preview: SchedulePreview = {
      from: '2026-05-03T22:00:00.000Z',
      to: '2026-05-05T22:00:00.000Z',
      runs: [
        {
          id_output: 11,
          output_name: 'Valve north',
          role: 'element',
          element_index: 0,
          cycle: 1,
          open_at: '2026-05-04T03:30:00.000Z',
          duration: 30,
          fertigation: false,
        },
        {
          id_output: 11,
          output_name: 'Valve north',
          role: 'element',
          element_index: 0,
          cycle: 2,
          open_at: '2026-05-04T05:30:00.000Z',
          duration: 30,
          fertigation: true,
        },
        {
          id_output: 16,
          output_name: 'Well pump',
          role: 'clean_source',
          element_index: null,
          cycle: 1,
          open_at: '2026-05-04T03:30:00.000Z',
          duration: 30,
          fertigation: false,
        },
      ],
      warnings: ['start_passed_today', 'slider_not_full', 'lead_under_5_minutes'],
    }
    openSchedules({ previewFor: () => preview })
    const wizard = await openWizard()
    change(field('name'), 'Morning')
    chooseElement(wizard, 'Devices', 'Valve north')
    fireEvent.click(wizard.getByRole('button', { name: 'Show the preview' }))
    await wizard.findByTestId('schedule-preview')

    const north = wizard.getByRole('list', { name: 'Runs of Valve north' })
    const runs = within(north).getAllByRole('listitem')
    expect(runs.map((run) => run.getAttribute('aria-label'))).toEqual([
      '04.05.2026 05:30, 30 min',
      '04.05.2026 07:30, 30 min, fertigation',
    ])
    expect(runs[1]?.getAttribute('data-fertigation')).toBe('true')
    expect(within(wizard.getByTestId('preview-output-11')).getByText('2 runs')).toBeTruthy()
    const sources = wizard.getByTestId('preview-sources')
    expect(within(sources).getByText('Well pump')).toBeTruthy()
    expect(
      within(sources)
        .getAllByRole('listitem')
        .map((run) => run.getAttribute('aria-label')),
    ).toEqual(['04.05.2026 05:30, 30 min'])
    expect(within(wizard.getByTestId('preview-outputs')).queryByText('Well pump')).toBeNull()

    const warnings = wizard.getByTestId('preview-warnings')
    expect(
      within(warnings).getByText('A cycle start time today has already passed: today it will not run.'),
    ).toBeTruthy()
    expect(within(warnings).getByText('An element’s slider is not at 100 %.')).toBeTruthy()
    expect(within(warnings).getByText('Save the schedule at least 5 minutes before it starts.')).toBeTruthy()
  })

  it('says the times are the farm’s, and shows a user in another zone their own time as well', async () => {
    const preview: SchedulePreview = {
      from: '2030-05-05T22:00:00.000Z',
      to: '2030-05-06T22:00:00.000Z',
      runs: [
        {
          id_output: 11,
          output_name: 'Valve north',
          role: 'element',
          element_index: 0,
          cycle: 1,
          open_at: '2030-05-06T06:24:00.000Z',
          duration: 10,
          fertigation: false,
        },
        {
          id_output: 11,
          output_name: 'Valve north',
          role: 'element',
          element_index: 0,
          cycle: 2,
          open_at: '2030-05-06T02:00:00.000Z',
          duration: 10,
          fertigation: false,
        },
      ],
      warnings: [],
    }
    openSchedules({ previewFor: () => preview }, 'en', 'America/New_York')
    const wizard = await openWizard()
    change(field('name'), 'Morning')
    change(field('begin_date'), '2030-05-06')
    change(field('definition.starts.start_time'), '08:24')
    chooseElement(wizard, 'Devices', 'Valve north')
    const timing = wizard.getByTestId('timing-zone').textContent ?? ''
    expect(timing).toContain("Times in the farm's time zone: Europe/Warsaw (GMT+")
    expect(timing).toContain('Your time zone: America/New_York')
    // 08:24 in Warsaw on 6 May 2030 (CEST) is 02:24 in New York (EDT).
    expect(timing).toContain('Your time: 08:24 → 02:24.')

    fireEvent.click(wizard.getByRole('button', { name: 'Show the preview' }))
    await wizard.findByTestId('schedule-preview')
    expect(wizard.getByTestId('preview-zone').textContent).toContain("farm's time zone: Europe/Warsaw")
    const runs = within(wizard.getByRole('list', { name: 'Runs of Valve north' })).getAllByRole('listitem')
    // In the farm's days and hours, each with the user's own time; 04:00 at the farm is the day before in New York.
    expect(runs.map((run) => run.getAttribute('aria-label'))).toEqual([
      '06.05.2030 04:00, 10 min (05.05.2030 22:00 your time)',
      '06.05.2030 08:24, 10 min (02:24 your time)',
    ])
  })

  it('shows one zone when the user reads times in the farm’s own', async () => {
    openSchedules()
    const wizard = await openWizard()
    const timing = wizard.getByTestId('timing-zone').textContent ?? ''
    expect(timing).toContain("Times in the farm's time zone: Europe/Warsaw")
    expect(timing).not.toContain('Your time')
  })

  it('edits a schedule: its values are filled in and PUT back with the change', async () => {
    const existing = scheduleRowFixture({ id: 5, name: 'Tomatoes morning', state: 'active' })
    const { server } = openSchedules({ rows: [existing] })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Tomatoes morning' }))
    const wizard = within(await screen.findByRole('dialog', { name: 'Edit Tomatoes morning' }))
    await wizard.findByRole('group', { name: 'Devices' })
    expect(field('name').value).toBe('Tomatoes morning')
    expect(
      (
        within(wizard.getByRole('group', { name: 'Devices' })).getByRole('checkbox', {
          name: 'Valve north',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true)
    change(wizard.getByLabelText('Cycle length (min)'), '25')
    fireEvent.click(wizard.getByRole('button', { name: 'Show the preview' }))
    fireEvent.click(await wizard.findByRole('button', { name: 'Save the schedule' }))
    expect(await screen.findByText('Schedule saved.')).toBeTruthy()
    // The preview leaves the schedule's own runs out of the overlaps.
    expect(server.callsTo('POST', '/api/schedulers/preview?id_schedule=5')).toHaveLength(1)
    const {
      id: _id,
      time_zone,
      paused_from,
      paused_until,
      ended_at,
      hidden,
      state,
      next_run,
      created_at,
      updated_at,
      ...input
    } = existing
    expect(server.callsTo('PUT', '/api/schedulers/5')[0]?.body).toEqual({
      ...input,
      definition: { ...input.definition, cycle_minutes: 25 },
    })
  })

  it('says the save failed when the server refuses for no field, and keeps the preview', async () => {
    const { server } = openSchedules()
    server.state.failures.set('POST /api/schedulers', { status: 500, code: 'internal' })
    const wizard = await openWizard()
    change(field('name'), 'Morning')
    chooseElement(wizard, 'Devices', 'Valve north')
    fireEvent.click(wizard.getByRole('button', { name: 'Show the preview' }))
    fireEvent.click(await wizard.findByRole('button', { name: 'Save the schedule' }))
    expect(await screen.findByText('Failed to save the schedule.')).toBeTruthy()
    expect(wizard.getByTestId('schedule-preview')).toBeTruthy()
  })
})
