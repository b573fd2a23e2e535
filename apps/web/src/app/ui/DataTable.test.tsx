import { catalogues } from '@kropla/i18n'
import { MantineProvider } from '@mantine/core'
import { fireEvent, render, screen, within } from '@testing-library/react'
import i18next from 'i18next'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'
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

describe('DataTable', () => {
  it('holds 10,000 rows but draws only a screenful, and finds and sorts among all of them', async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <DataTable label="Modules" rows={rows} columns={columns} rowKey={(row) => row.id} />
        </MantineProvider>
      </I18nextProvider>,
    )
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
