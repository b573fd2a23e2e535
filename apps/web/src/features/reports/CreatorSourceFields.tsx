import { maxReportSources, reportSingleModule } from '@kropla/domain'
import { MultiSelect, Select, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { type CreatorProblem, type CreatorState, optionsOf, sourceCount } from './creator-form'
import type { CreatorSources } from './use-creator-sources'

/** The report's sources its type asks for (modules and their fields, valve outputs, or a schedule), and their count. */
export function CreatorSourceFields({
  state,
  sources,
  update,
  problemText,
}: {
  state: CreatorState
  sources: CreatorSources
  update: (change: Partial<CreatorState>) => void
  problemText: (field: CreatorProblem['field']) => string | undefined
}) {
  const { t } = useTranslation()
  const { outputs, schedules, offered, valveOutputs } = sources
  const options = optionsOf(state.type)
  const count = sourceCount(state)
  const fieldLabel = (field: string, custom: string | null | undefined) =>
    custom || t(`fields.${field}`, { defaultValue: field })
  return (
    <>
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
                  return kept ?? { id, fields: offered.find((entry) => entry.object.id === id)?.fields ?? [] }
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
          placeholder={outputs.isSuccess && valveOutputs.length === 0 ? t('reports.outputs_none') : undefined}
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
    </>
  )
}
