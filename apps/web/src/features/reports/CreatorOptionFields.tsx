import { comparePeriods } from '@kropla/domain'
import { Group, Radio, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { type CreatorProblem, type CreatorState, optionsOf } from './creator-form'

/** How the report reads its sources, as far as its type allows: statistics, grouping, aggregate, delta, comparison. */
export function CreatorOptionFields({
  state,
  update,
  problemText,
}: {
  state: CreatorState
  update: (change: Partial<CreatorState>) => void
  problemText: (field: CreatorProblem['field']) => string | undefined
}) {
  const { t } = useTranslation()
  const options = optionsOf(state.type)
  return (
    <>
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
              onChange={(value) => update({ comparePeriod: (value ?? '') as CreatorState['comparePeriod'] })}
              allowDeselect={false}
              maw={320}
            />
          )}
        </Stack>
      )}
    </>
  )
}
