import type { ManualOpenRow, Output, OutputPlanRow, OutputRef } from '@kropla/domain'
import { manualStatus, outputBusyState } from '@kropla/domain'
import { EmptyState, SimpleGrid, Stack, Title } from '@mantine/core'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Loaded } from '../../app/ui/Loaded'
import { PageFrame } from '../../app/ui/PageFrame'
import { translateKey } from '../../lib/translate-key'
import { useNow } from '../dashboard/use-now'
import { OfflineReason } from '../offline/OfflineBanner'
import { useGroups, useOutputs } from '../resources/resources-api'
import { useSession } from '../session/use-session'
import { GroupControls } from './GroupControls'
import { useManualOpens, usePlansAroundNow } from './manual-api'
import { OutputControl } from './OutputControl'
import { SequenceForm } from './SequenceForm'
import { useManualActions } from './use-manual-actions'

/** Spec 01 section 4: the busy state is recalculated every second. */
const busyRecalculationMs = 1000

export const manualControlPath = '/manual_control'

/**
 * Manual output control (spec 01 section 2): every output of the account by module, with its busy
 * state and remaining time, open for minutes or permanently, close, groups and one-off sequences.
 */
export function ManualControlScreen() {
  const { t } = useTranslation()
  const outputs = useOutputs()
  return (
    <PageFrame title={t('manual.title')} intro={t('manual.intro')} maxWidth={1200}>
      <Loaded query={outputs}>
        {(list) => <ManualControlContent outputs={list.filter((output) => output.kind === 'output')} />}
      </Loaded>
    </PageFrame>
  )
}

const toRef = (output: Output): OutputRef => ({
  id: output.id,
  name: output.name,
  id_object: output.id_object,
  field_name: output.field_name,
})

/** The server's words for an output whose most recent manual open failed. */
function lastFailures(opens: readonly ManualOpenRow[]): Map<number, string> {
  const latest = new Map<number, ManualOpenRow>()
  for (const open of opens) {
    const known = latest.get(open.Output.id)
    if (!known || Date.parse(open.open_at) >= Date.parse(known.open_at)) latest.set(open.Output.id, open)
  }
  const failures = new Map<number, string>()
  for (const [idOutput, open] of latest)
    if (open.status === manualStatus.error) failures.set(idOutput, open.error ?? '')
  return failures
}

/** Equipment types drawn as a valve; the others (pump, light, fan ...) as on / off. */
const valveTypes: ReadonlySet<string> = new Set(['valve', 'irr'])

const noOpens: ManualOpenRow[] = []
const noPlans: OutputPlanRow[] = []

function ManualControlContent({ outputs }: { outputs: readonly Output[] }) {
  const { t, i18n } = useTranslation()
  const { objects } = useSession()
  const groups = useGroups()
  const opens = useManualOpens()
  const plans = usePlansAroundNow()
  const actions = useManualActions()
  const now = useNow(busyRecalculationMs)

  const modules = useMemo(() => {
    const byModule = new Map<number, Output[]>()
    for (const output of outputs)
      byModule.set(output.id_object, [...(byModule.get(output.id_object) ?? []), output])
    return [...byModule].map(([idObject, list]) => ({
      idObject,
      object: objects.find((object) => object.id === idObject),
      outputs: list.sort((a, b) => a.field_name.localeCompare(b.field_name)),
    }))
  }, [outputs, objects])
  const refs = useMemo(() => outputs.map(toRef), [outputs])
  const outputsById = useMemo(() => new Map(refs.map((ref) => [ref.id, ref])), [refs])
  const manualOpens = opens.data ?? noOpens
  const failures = useMemo(() => lastFailures(manualOpens), [manualOpens])

  if (outputs.length === 0) return <EmptyState title={t('manual.no_outputs')} data-testid="no-outputs" />
  return (
    <Stack gap="lg">
      <OfflineReason />
      {modules.map(({ idObject, object, outputs: moduleOutputs }) => {
        const moduleName = object?.name ?? String(idObject)
        return (
          <Stack
            key={idObject}
            gap="xs"
            component="section"
            aria-label={t('manual.module_outputs', { name: moduleName })}
          >
            <Title order={3}>{moduleName}</Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              {moduleOutputs.map((output) => {
                const value = object?.latest[output.field_name]?.value ?? null
                const view = outputBusyState({
                  idOutput: output.id,
                  plans: plans.data ?? noPlans,
                  manualOpens,
                  value,
                  now: new Date(now),
                })
                const failure = failures.get(output.id)
                // The row's error is a catalogue code (command_timed_out, module_offline ...) when the server knows one.
                const failureText =
                  failure === undefined
                    ? null
                    : translateKey(i18n, `errors.${failure}`, t('errors.manual_command_failed'))
                return (
                  <OutputControl
                    key={output.id}
                    output={toRef(output)}
                    isValve={valveTypes.has(output.type)}
                    value={value}
                    view={view}
                    failure={failureText}
                    actions={actions}
                  />
                )
              })}
            </SimpleGrid>
          </Stack>
        )
      })}
      <GroupControls groups={groups.data ?? []} outputsById={outputsById} actions={actions} />
      <SequenceForm outputs={refs} actions={actions} />
    </Stack>
  )
}
