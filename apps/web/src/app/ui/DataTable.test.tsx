import { catalogues } from '@kropla/i18n'
import { MantineProvider } from '@mantine/core'
import { fireEvent, render, screen, within } from '@testing-library/react'
import i18next from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it, vi } from 'vitest'
import { DataTable } from './DataTable'

interface Row {
  id: number
  name: string
  area: number
}
const rows: Row[] = Array.from({ length: 10_000 }, (_, index) => ({
  id: index + 1,
  name: `Module ${String(index + 1).padStart(5, '0')}`,
  area: (index * 7919) % 10_000,
}))
const columns = [
  { id: 'name', header: 'Name', width: 200, value: (row: Row) => row.name },
  { id: 'area', header: 'Area', width: 120, align: 'right' as const, value: (row: Row) => row.area },
]

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Modules' }))
    .getAllByRole('row')
    .slice(1)

const i18n = i18next.createInstance()
void i18n.init({
  lng: 'en',
  resources: { en: { translation: catalogues.en } },
  interpolation: { escapeValue: false },
})

const renderInApp = (ui: ReactNode) =>
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>{ui}</MantineProvider>
    </I18nextProvider>,
  )

/** Runs `check` with every element as wide as `scrollWidth` says inside a 100 px box, then puts the widths back. */
function withCellWidths(scrollWidth: (element: HTMLElement) => number, check: () => void) {
  const scroll = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return scrollWidth(this)
  })
  const client = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(100)
  try {
    check()
  } finally {
    scroll.mockRestore()
    client.mockRestore()
  }
}

/** The same check with a pointer and on a touch screen: the link takes the tap, the title stays the whole text. */
function tapOnLinkInCutCell() {
  withCellWidths(
    () => 300,
    () => {
      renderInApp(
        <DataTable
          label="Modules"
          rows={rows.slice(0, 2)}
          rowKey={(row) => row.id}
          columns={[
            {
              id: 'name',
              header: 'Name',
              width: 100,
              value: (row: Row) => row.name,
              cell: (row: Row) => <a href={`#${row.id}`}>{row.name}</a>,
            },
          ]}
        />,
      )
      const link = screen.getByRole('link', { name: 'Module 00001' })
      fireEvent.pointerOver(link)
      expect(link.closest('[data-clipped]')?.getAttribute('title')).toBe('Module 00001')
      fireEvent.click(link)
      expect(screen.queryByRole('tooltip')).toBeNull()
    },
  )
}

describe('DataTable', () => {
  it('holds 10,000 rows but draws only a screenful, and finds and sorts among all of them', async () => {
    renderInApp(<DataTable label="Modules" rows={rows} columns={columns} rowKey={(row) => row.id} />)
    expect(screen.getByText('Rows: 10000')).toBeTruthy()
    expect(bodyRows().length).toBeLessThan(60)
    expect(bodyRows()[0]!.textContent).toContain('Module 00001')

    fireEvent.click(screen.getByRole('button', { name: /Area/ }))
    expect(screen.getByRole('columnheader', { name: /Area/ }).getAttribute('aria-sort')).toBe('ascending')
    expect(bodyRows()[0]!.textContent).toMatch(/^Module \d+0$/)
    fireEvent.click(screen.getByRole('button', { name: /Area/ }))
    expect(screen.getByRole('columnheader', { name: /Area/ }).getAttribute('aria-sort')).toBe('descending')
    expect(bodyRows()[0]!.textContent).toContain('9999')

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'module 09999' } })
    expect(await screen.findByText('Found 1 of 10000 rows')).toBeTruthy()
    expect(bodyRows()).toHaveLength(1)
    expect(bodyRows()[0]!.textContent).toContain('Module 09999')
  })
})

describe('DataTable without search and sorting (reports, audit log)', () => {
  it('holds 50,000 rows, draws a screenful and formats only the cells it draws', () => {
    const indexes = Array.from({ length: 50_000 }, (_, index) => index)
    let formatted = 0
    renderInApp(
      <DataTable
        label="Readings"
        rows={indexes}
        rowKey={(row) => row}
        searchable={false}
        sortable={false}
        density="compact"
        columns={[
          {
            id: 'value',
            header: 'Temperature',
            width: 160,
            text: (row) => {
              formatted += 1
              return `${(row / 10).toFixed(1)} °C`
            },
          },
        ]}
      />,
    )
    const table = screen.getByRole('table', { name: 'Readings' })
    expect(table.getAttribute('aria-rowcount')).toBe('50001')
    const drawn = within(table).getAllByRole('row').slice(1)
    expect(drawn.length).toBeLessThan(60)
    expect(drawn[1]!.textContent).toBe('0.1 °C')
    expect(formatted).toBeLessThan(200)
    // No search box, no sort buttons: the rows stay in their order.
    expect(screen.queryByLabelText('Search')).toBeNull()
    expect(screen.queryByRole('button', { name: /Temperature/ })).toBeNull()
  })

  it('gives a cell cut short its whole text as its title when the pointer reaches it, and none to one that fits', () => {
    withCellWidths(
      (element) => (element.textContent === 'Module 00001' ? 300 : 50),
      () => {
        renderInApp(
          <DataTable label="Modules" rows={rows.slice(0, 3)} columns={columns} rowKey={(row) => row.id} />,
        )
        const cut = screen.getByText('Module 00001')
        fireEvent.pointerOver(cut)
        expect(cut.closest('[data-clipped]')?.getAttribute('title')).toBe('Module 00001')
        const fits = screen.getByText('Module 00002')
        fireEvent.pointerOver(fits)
        expect(fits.closest('[data-clipped]')?.getAttribute('title') ?? '').toBe('')
      },
    )
  })

  it(
    'leaves a tap on a link in a cut cell to the link, whose whole text is the cell’s title on hover',
    tapOnLinkInCutCell,
  )
})

describe('DataTable on a touch screen (no hover, no title)', () => {
  it('shows a cut cell’s whole text when it is tapped, nothing for one that fits, and closes it on Escape', () => {
    const long = rows
      .slice(0, 3)
      .map((row, index) => (index === 0 ? { ...row, name: `${row.name}, north field by the old well` } : row))
    withCellWidths(
      (element) => (element.textContent?.startsWith('Module 00001') ? 300 : 50),
      () => {
        renderInApp(<DataTable label="Modules" rows={long} columns={columns} rowKey={(row) => row.id} />)
        expect(screen.queryByRole('tooltip')).toBeNull()
        fireEvent.click(screen.getByText('Module 00002'))
        expect(screen.queryByRole('tooltip')).toBeNull()
        fireEvent.click(screen.getByText('Module 00001, north field by the old well'))
        expect(screen.getByRole('tooltip').textContent).toBe('Module 00001, north field by the old well')
        fireEvent.keyDown(document, { key: 'Escape' })
        expect(screen.queryByRole('tooltip')).toBeNull()
      },
    )
  })

  it(
    'leaves a tap on a link in a cut cell to the link, whose whole text is the cell’s title on hover',
    tapOnLinkInCutCell,
  )
})
