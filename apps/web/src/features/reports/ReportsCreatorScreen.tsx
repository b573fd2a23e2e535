import { type ReportType, reportTypes } from '@kropla/domain'
import { Button, Select, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { PageFrame } from '../../app/ui/PageFrame'
import { translateKey } from '../../lib/translate-key'
import { FarmZoneNote } from '../farm-zone/FarmZoneNote'
import { useFarmZones } from '../farm-zone/use-farm-zones'
import { offlineBannerReasonId, useNeedsServer } from '../offline/use-online'
import { CreatorOptionFields } from './CreatorOptionFields'
import { CreatorSourceFields } from './CreatorSourceFields'
import {
  type CreatorProblem,
  type CreatorState,
  creatorProblems,
  fromRequest,
  initialCreatorState,
  requestToSearch,
  toRequest,
} from './creator-form'
import { ReportTemplatesCard } from './ReportTemplatesCard'
import { requestOfSearch } from './ReportViewScreen'
import { useCreatorSources } from './use-creator-sources'

/**
 * /reports: the reports creator. The type decides what is offered (modules and their fields,
 * valve outputs, or a schedule; grouping, statistics, aggregate, delta, compare with the previous
 * period); dates are the farm's wall clock. Checked before sending with the same rules as the
 * server (spec 01 section 5); generating opens the report view, which shows the progress.
 */
export function ReportsCreatorScreen() {
  const { t, i18n } = useTranslation()
  const needsServer = useNeedsServer(offlineBannerReasonId)
  const zones = useFarmZones()
  const zone = zones.farm
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [state, setState] = useState<CreatorState>(() => {
    const base = initialCreatorState(Date.now(), zone)
    const request = requestOfSearch(params)
    return request ? fromRequest(request, zone, base) : base
  })
  const [tried, setTried] = useState(false)
  const sources = useCreatorSources(state)
  const update = (change: Partial<CreatorState>) => setState((current) => ({ ...current, ...change }))

  const problems = creatorProblems(state, new Date(), zone)
  const problemText = (field: CreatorProblem['field']) => {
    const problem = tried ? problems.find((entry) => entry.field === field) : undefined
    return problem ? translateKey(i18n, problem.key, problem.key) : undefined
  }
  const buildRequest = () => {
    setTried(true)
    return problems.length === 0 ? toRequest(state, zone, sources.names) : null
  }
  const chooseType = (type: ReportType) => setState((current) => sources.withType(current, type))

  return (
    <PageFrame title={t('reports.title')} intro={t('reports.intro')} maxWidth={960}>
      <ReportTemplatesCard
        request={buildRequest}
        onLoad={(template) => setState((current) => fromRequest(template.request, zone, current))}
      />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          const request = buildRequest()
          if (request) navigate(`/reports/view?${requestToSearch(request)}`)
        }}
      >
        <Stack gap="md">
          <Select
            label={t('reports.type')}
            data={reportTypes.map((type) => ({ value: type, label: t(`reports.types.${type}`) }))}
            value={state.type}
            onChange={(value) => value && chooseType(value as ReportType)}
            allowDeselect={false}
            searchable
            maw={420}
          />

          <CreatorSourceFields state={state} sources={sources} update={update} problemText={problemText} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              type="datetime-local"
              label={t('reports.start')}
              value={state.start}
              onChange={(event) => update({ start: event.currentTarget.value })}
              error={problemText('start')}
            />
            <TextInput
              type="datetime-local"
              label={t('reports.end')}
              value={state.end}
              onChange={(event) => update({ end: event.currentTarget.value })}
              error={problemText('end')}
            />
          </SimpleGrid>
          <FarmZoneNote zones={zones} testId="report-zone" />

          <CreatorOptionFields state={state} update={update} problemText={problemText} />
          <Button type="submit" w="fit-content" {...needsServer}>
            {t('reports.generate')}
          </Button>
        </Stack>
      </form>
    </PageFrame>
  )
}
