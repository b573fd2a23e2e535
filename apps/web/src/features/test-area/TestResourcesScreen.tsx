import { counterUnitOf, type Output } from '@kropla/domain'
import { Stack, Table, Text, Title } from '@mantine/core'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { ListTable } from '../../app/ui/ListTable'
import { PageFrame } from '../../app/ui/PageFrame'
import { LoadedAll } from '../resources/LoadedAll'
import { namesById, useGroups, useOutputs, useSections, useWaterSources } from '../resources/resources-api'
import { useSession } from '../session/use-session'
import { useUserFormat } from '../session/use-user-format'
import { WalkStarter } from './TestGroupsScreens'

/**
 * /test/resources: the outputs of the sections and water sources, walked in turn, and the counters
 * on inputs (flowmeters, rain gauges) counting live since the page opened.
 */
export function TestResourcesScreen() {
  const { t } = useTranslation()
  const outputs = useOutputs()
  const sections = useSections()
  const sources = useWaterSources()
  const groups = useGroups()
  return (
    <PageFrame
      title={t('test_area.resources.title')}
      intro={t('test_area.resources.intro')}
      back={{ to: '/test', label: t('test_area.back') }}
      maxWidth={1000}
    >
      <LoadedAll queries={[outputs, sections, sources, groups]}>
        {() => {
          const names = namesById(outputs.data)
          const groupsById = new Map((groups.data ?? []).map((group) => [group.id, group]))
          const walked: string[] = []
          const seen = new Set<number>()
          const add = (resource: string, id: number) => {
            if (seen.has(id) || !names.has(id)) return
            seen.add(id)
            walked.push(`${resource}: ${names.get(id)}`)
          }
          for (const section of sections.data ?? [])
            for (const idGroup of section.groups) {
              const group = groupsById.get(idGroup)
              if (group?.scope === 'outputs') for (const id of group.elements) add(section.name, id)
            }
          for (const source of sources.data ?? [])
            for (const id of [...source.clean_outputs, ...source.fertigated_outputs]) add(source.name, id)
          const counters = (outputs.data ?? []).filter((output) => output.kind === 'counter_input')
          return (
            <Stack gap="lg">
              <Stack gap="sm">
                <Title order={3}>{t('test_area.resources.outputs_of')}</Title>
                {walked.length === 0 ? (
                  <Text c="dimmed">{t('test_area.resources.none')}</Text>
                ) : (
                  <>
                    <Text size="sm" data-testid="walked-outputs">
                      {walked.join(' · ')}
                    </Text>
                    <WalkStarter target={{ kind: 'resources' }} startLabel={t('test_area.resources.start')} />
                  </>
                )}
              </Stack>
              <Counters counters={counters} />
            </Stack>
          )
        }}
      </LoadedAll>
    </PageFrame>
  )
}

function Counters({ counters }: { counters: Output[] }) {
  const { t } = useTranslation()
  const { objects } = useSession()
  const format = useUserFormat()
  const pulses = (count: number | null) =>
    count === null ? t('outputs.unknown') : t('test_area.resources.pulses', { count })
  /** What the pulses stand for: water through a flowmeter, rain in a rain gauge (pulses times the multiplier). */
  const amount = (counter: Output, count: number | null) => {
    const unit = counterUnitOf(counter.type, counter.properties)
    const multiplier = counter.properties.multiplier
    if (count === null || !unit || typeof multiplier !== 'number') return ''
    return ` (${format.quantity(count * multiplier, unit)})`
  }
  /** Each counter's value when the page opened (or when it first reported since). */
  const baseline = useRef(new Map<number, number>())
  return (
    <Stack gap="sm" data-testid="counters">
      <Title order={3}>{t('test_area.resources.counters')}</Title>
      <Text size="sm" c="dimmed">
        {t('test_area.resources.counters_intro')}
      </Text>
      {counters.length === 0 ? (
        <Text size="sm">{t('test_area.resources.no_counters')}</Text>
      ) : (
        <ListTable
          testId="counters-table"
          minWidth={480}
          ariaLabel={t('test_area.resources.counters')}
          head={
            <>
              <Table.Th>{t('test_area.resources.counter')}</Table.Th>
              <Table.Th>{t('test_area.resources.now')}</Table.Th>
              <Table.Th>{t('test_area.resources.since_open')}</Table.Th>
            </>
          }
        >
          {counters.map((counter) => {
            const object = objects.find((candidate) => candidate.id === counter.id_object)
            const value = object?.latest[counter.field_name]?.value ?? null
            if (value !== null && !baseline.current.has(counter.id)) baseline.current.set(counter.id, value)
            const start = baseline.current.get(counter.id)
            const rise = value !== null && start !== undefined ? value - start : null
            return (
              <Table.Tr key={counter.id} data-testid={`counter-${counter.id}`}>
                <Table.Td>{counter.name}</Table.Td>
                <Table.Td>{`${pulses(value)}${amount(counter, value)}`}</Table.Td>
                <Table.Td data-testid="counter-rise">{`${pulses(rise)}${amount(counter, rise)}`}</Table.Td>
              </Table.Tr>
            )
          })}
        </ListTable>
      )}
    </Stack>
  )
}
