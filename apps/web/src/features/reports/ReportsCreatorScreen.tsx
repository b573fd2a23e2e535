import {
  comparePeriods,
  maxReportSources,
  type ObjectSummary,
  type ReportTemplate,
  type ReportType,
  reportFieldsFor,
  reportSingleModule,
  reportTemplateNameLimits,
  reportTypes,
  saveReportTemplateSchema,
} from '@kropla/domain'
import {
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { PageFrame } from '../../app/ui/PageFrame'
import { translateKey } from '../../lib/translate-key'
import { FarmZoneNote } from '../farm-zone/FarmZoneNote'
import { useFarmZones } from '../farm-zone/use-farm-zones'
import { offlineBannerReasonId, useNeedsServer } from '../offline/use-online'
import { useOutputs } from '../resources/resources-api'
import { useScheduleChoices } from '../schedules/schedules-api'
import { useSession } from '../session/use-session'
import {
  type CreatorProblem,
  type CreatorState,
  creatorProblems,
  fromRequest,
  initialCreatorState,
  optionsOf,
  requestToSearch,
  sourceCount,
  toRequest,
} from './creator-form'
import { requestOfSearch } from './ReportViewScreen'
import { useReportTemplates, useTemplateActions } from './reports-api'

/** Outputs an irrigation report may read: the valve modules' o1 to o4 (spec 02 section 9). */
const irrigationModels = new Set(['AM-411', 'AM-421'])

function useCreatorLists(state: CreatorState) {
  const options = optionsOf(state.type)
  // Valve outputs for irrigation; the AM-600's counters (udometers, flowmeters) for rainfall and water usage.
  const outputs = useOutputs(options.outputs || state.type === 'rainfall' || state.type === 'water_usage')
  const schedules = useScheduleChoices(options.schedule)
  return { outputs, schedules }
}

/** Save, load, update and delete report templates (names 3 to 40 characters). */
function TemplatesCard({
  request,
  onLoad,
}: {
  request: () => ReturnType<typeof toRequest> | null
  onLoad: (template: ReportTemplate) => void
}) {
  const { t, i18n } = useTranslation()
  const templates = useReportTemplates()
  const { save, remove } = useTemplateActions()
  const [chosen, setChosen] = useState<number | null>(null)
  const [name, setName] = useState('')
  const [nameError, setNameError] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<ReportTemplate | null>(null)
  const current = templates.data?.find((template) => template.id === chosen) ?? null

  const submit = (id?: number) => {
    const built = request()
    if (!built) return
    const body = { name: id === undefined ? name : (current?.name ?? name), request: built, range_days: null }
    const parsed = saveReportTemplateSchema.safeParse(body)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const key = issue?.path[0] === 'name' ? 'errors.report_template_name_length' : (issue?.message ?? '')
      setNameError(translateKey(i18n, key, key))
      return
    }
    setNameError(null)
    save.mutate(
      { ...body, ...(id === undefined ? {} : { id }) },
      {
        onSuccess: (saved) => {
          setChosen(saved.id)
          setName('')
          notifications.show({ color: 'teal', message: t('reports.template_saved', { name: saved.name }) })
        },
      },
    )
  }

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="report-templates-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="report-templates-title">
          {t('reports.templates')}
        </Title>
        {templates.isError && <FailureAlert error={templates.error} testId="templates-failed" />}
        <Group align="flex-end" gap="sm">
          <Select
            label={t('reports.template')}
            placeholder={templates.data?.length === 0 ? t('reports.template_none') : undefined}
            data={(templates.data ?? []).map((template) => ({
              value: String(template.id),
              label: template.name,
            }))}
            value={chosen === null ? null : String(chosen)}
            onChange={(value) => setChosen(value === null ? null : Number(value))}
            // Every pick loads, the one already chosen too (to start again from it).
            onOptionSubmit={(value) => {
              const template = templates.data?.find((entry) => String(entry.id) === value)
              if (!template) return
              setChosen(template.id)
              onLoad(template)
              notifications.show({
                color: 'teal',
                message: t('reports.template_loaded', { name: template.name }),
              })
            }}
            style={{ flex: '1 1 200px' }}
            allowDeselect={false}
            clearable
          />
          {current && (
            <>
              <Button variant="light" onClick={() => submit(current.id)} loading={save.isPending}>
                {t('reports.template_update', { name: current.name })}
              </Button>
              <Button variant="light" color="red" onClick={() => setDeleting(current)}>
                {t('reports.template_delete', { name: current.name })}
              </Button>
            </>
          )}
        </Group>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('reports.template_name')}
            description={t('reports.template_name_hint')}
            value={name}
            maxLength={reportTemplateNameLimits.max + 10}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
            style={{ flex: '1 1 200px' }}
          />
          <Button variant="default" onClick={() => submit()} loading={save.isPending}>
            {t('reports.template_save_new')}
          </Button>
        </Group>
        {save.isError && <FailureAlert error={save.error} testId="template-save-failed" />}
        {remove.isError && <FailureAlert error={remove.error} testId="template-delete-failed" />}
      </Stack>
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? t('reports.template_delete', { name: deleting.name }) : ''}
      >
        <Stack>
          <Text size="sm">{deleting && t('reports.template_delete_confirm', { name: deleting.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('reports.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => {
                if (!deleting) return
                const gone = deleting
                remove.mutate(gone.id, {
                  onSuccess: () => {
                    setDeleting(null)
                    setChosen(null)
                    notifications.show({
                      color: 'teal',
                      message: t('reports.template_deleted', { name: gone.name }),
                    })
                  },
                })
              }}
            >
              {deleting ? t('reports.template_delete', { name: deleting.name }) : ''}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  )
}

/**
 * /reports: the reports creator. The type decides what is offered (modules and their fields,
 * valve outputs, or a schedule; grouping, statistics, aggregate, delta, compare with the previous
 * period); dates are the farm's wall clock. Checked before sending with the same rules as the
 * server (spec 01 section 5); generating opens the report view, which shows the progress.
 */
export function ReportsCreatorScreen() {
  const { t, i18n } = useTranslation()
  const needsServer = useNeedsServer(offlineBannerReasonId)
  const me = useSession()
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
  const { outputs, schedules } = useCreatorLists(state)
  const options = optionsOf(state.type)
  const update = (change: Partial<CreatorState>) => setState((current) => ({ ...current, ...change }))

  /** The fields of a module a type offers (the domain's look-up table, its wired equipment included). */
  const fieldsOf = useMemo(() => {
    const equipment = outputs.data ?? []
    return (type: ReportType, object: ObjectSummary) =>
      reportFieldsFor(type, {
        model: object.last_device_model,
        equipment: equipment.filter((entry) => entry.id_object === object.id),
      })
  }, [outputs.data])
  const offered = useMemo(
    () =>
      me.objects
        .map((object) => {
          const infos = fieldsOf(state.type, object)
          return {
            object,
            fields: infos.map((info) => info.field),
            labels: new Map(infos.map((info) => [info.field, info.custom_label])),
          }
        })
        .filter((entry) => entry.fields.length > 0),
    [me.objects, state.type, fieldsOf],
  )
  const valveOutputs = useMemo(() => {
    const models = new Map(me.objects.map((object) => [object.id, object.last_device_model]))
    return (outputs.data ?? []).filter(
      (output) =>
        irrigationModels.has(models.get(output.id_object) ?? '') && /^o[1-4]$/.test(output.field_name),
    )
  }, [me.objects, outputs.data])

  const names = {
    module: (id: number) => me.objects.find((object) => object.id === id)?.name ?? String(id),
    output: (id: number) => outputs.data?.find((output) => output.id === id)?.name ?? String(id),
    schedule: (id: number) => schedules.data?.find((schedule) => schedule.id === id)?.name ?? String(id),
  }
  const problems = creatorProblems(state, new Date(), zone)
  const problemText = (field: CreatorProblem['field']) => {
    const problem = tried ? problems.find((entry) => entry.field === field) : undefined
    return problem ? translateKey(i18n, problem.key, problem.key) : undefined
  }
  const buildRequest = () => {
    setTried(true)
    return problems.length === 0 ? toRequest(state, zone, names) : null
  }
  const fieldLabel = (field: string, custom: string | null | undefined) =>
    custom || t(`fields.${field}`, { defaultValue: field })
  const count = sourceCount(state)

  const chooseType = (type: ReportType) =>
    setState((current) => ({
      ...current,
      type,
      // Keep the modules that offer the new type, with its fields.
      modules: current.modules.flatMap((pick) => {
        const object = me.objects.find((entry) => entry.id === pick.id)
        const fields = object ? fieldsOf(type, object).map((info) => info.field) : []
        if (fields.length === 0) return []
        const kept = pick.fields.filter((field) => fields.includes(field))
        return [{ id: pick.id, fields: kept.length > 0 ? kept : fields }]
      }),
    }))

  return (
    <PageFrame title={t('reports.title')} intro={t('reports.intro')} maxWidth={960}>
      <TemplatesCard
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

          {options.modules && (
            <Stack gap="xs">
              <MultiSelect
                label={t('reports.modules')}
                data={offered.map(({ object }) => ({ value: String(object.id), label: object.name }))}
                value={state.modules.map((pick) => String(pick.id))}
                placeholder={offered.length === 0 ? t('reports.modules_none') : undefined}
                onChange={(values) =>
                  update({
                    modules: values.map((value) => {
                      const id = Number(value)
                      const kept = state.modules.find((pick) => pick.id === id)
                      return (
                        kept ?? { id, fields: offered.find((entry) => entry.object.id === id)?.fields ?? [] }
                      )
                    }),
                  })
                }
                error={problemText('sources')}
                // The complex report is of one module (the multiple complex one of several).
                maxValues={reportSingleModule(state.type) ? 1 : undefined}
                searchable
              />
              {state.modules.map((pick) => {
                const entry = offered.find((candidate) => candidate.object.id === pick.id)
                if (!entry || entry.fields.length < 2) return null
                return (
                  <MultiSelect
                    key={pick.id}
                    label={t('reports.fields_of', { name: entry.object.name })}
                    data={entry.fields.map((field) => ({
                      value: field,
                      label: fieldLabel(field, entry.labels.get(field)),
                    }))}
                    value={pick.fields}
                    onChange={(fields) =>
                      update({
                        modules: state.modules.map((other) =>
                          other.id === pick.id ? { ...other, fields } : other,
                        ),
                      })
                    }
                  />
                )
              })}
            </Stack>
          )}

          {options.outputs && (
            <MultiSelect
              label={t('reports.outputs')}
              data={valveOutputs.map((output) => ({ value: String(output.id), label: output.name }))}
              value={state.outputs.map(String)}
              placeholder={
                outputs.isSuccess && valveOutputs.length === 0 ? t('reports.outputs_none') : undefined
              }
              onChange={(values) => update({ outputs: values.map(Number) })}
              error={problemText('sources')}
              searchable
            />
          )}

          {options.schedule && (
            <Select
              label={t('reports.schedule')}
              data={(schedules.data ?? []).map((schedule) => ({
                value: String(schedule.id),
                label: schedule.name,
              }))}
              value={state.schedule === null ? null : String(state.schedule)}
              placeholder={
                schedules.isSuccess && schedules.data.length === 0 ? t('reports.schedules_none') : undefined
              }
              onChange={(value) => update({ schedule: value === null ? null : Number(value) })}
              error={problemText('sources')}
              maw={420}
            />
          )}

          <Text size="sm" data-testid="source-count" c={count > maxReportSources ? 'red.8' : undefined}>
            {t('reports.sources_count', { count, max: maxReportSources })}
          </Text>

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

          {options.statistics && (
            <Radio.Group
              label={t('reports.statistics')}
              value={state.statistics}
              onChange={(value) => update({ statistics: value === 'daily' ? 'daily' : 'raw' })}
            >
              <Stack gap={6} mt={4}>
                <Radio value="raw" label={t('reports.statistics_raw')} />
                <Radio value="daily" label={t('reports.statistics_daily')} />
              </Stack>
            </Radio.Group>
          )}
          {options.grouping && state.statistics === 'raw' && (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="report-grouping">
                {t('reports.grouping')}
              </Text>
              <SegmentedControl
                aria-labelledby="report-grouping"
                value={state.grouping}
                onChange={(value) => update({ grouping: value as CreatorState['grouping'] })}
                data={(['minute', 'hour', 'day'] as const).map((grouping) => ({
                  value: grouping,
                  label: t(`reports.groupings.${grouping}`),
                }))}
                w="fit-content"
              />
            </Stack>
          )}
          {options.aggregate && (
            <Switch
              label={t('reports.aggregate')}
              checked={state.aggregate}
              onChange={(event) => update({ aggregate: event.currentTarget.checked })}
            />
          )}
          {options.delta && (
            <Group align="flex-start" gap="sm">
              <Select
                label={t('reports.delta_comparator')}
                data={[
                  { value: '', label: t('reports.delta_any') },
                  { value: 'lt', label: t('reports.delta_lt') },
                  { value: 'gt', label: t('reports.delta_gt') },
                ]}
                value={state.deltaComparator}
                onChange={(value) =>
                  update({ deltaComparator: (value ?? '') as CreatorState['deltaComparator'] })
                }
                allowDeselect={false}
                w={240}
              />
              <TextInput
                label={t('reports.delta_value')}
                inputMode="decimal"
                value={state.deltaValue}
                disabled={state.deltaComparator === ''}
                onChange={(event) => update({ deltaValue: event.currentTarget.value })}
                rightSection={<Text size="sm">%</Text>}
                error={problemText('deltaValue')}
                w={160}
              />
            </Group>
          )}
          {options.comparePrevious && (
            <Stack gap="xs">
              <Switch
                label={t('reports.compare_previous')}
                description={t('reports.compare_previous_hint')}
                checked={state.comparePrevious}
                onChange={(event) => update({ comparePrevious: event.currentTarget.checked })}
              />
              {state.comparePrevious && (
                <Select
                  label={t('reports.compare_period')}
                  data={[
                    { value: '', label: t('reports.compare_period_auto') },
                    ...comparePeriods.map((period) => ({
                      value: period,
                      label: t(`reports.compare_periods.${period}`),
                    })),
                  ]}
                  value={state.comparePeriod}
                  onChange={(value) =>
                    update({ comparePeriod: (value ?? '') as CreatorState['comparePeriod'] })
                  }
                  allowDeselect={false}
                  maw={320}
                />
              )}
            </Stack>
          )}
          <Button type="submit" w="fit-content" {...needsServer}>
            {t('reports.generate')}
          </Button>
        </Stack>
      </form>
    </PageFrame>
  )
}
