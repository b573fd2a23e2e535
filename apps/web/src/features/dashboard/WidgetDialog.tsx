import { chartTypes, dashboardLimits, type Widget, type WidgetInput, widgetSchema } from '@kropla/domain'
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { translateKey } from '../../lib/translate-key'
import { useObjects, useOutputs } from '../resources/resources-api'
import { useSession } from '../session/use-session'
import { chartableFields, fieldLabel } from './widgets/source-reading'

type Draft = WidgetInput & Record<string, unknown>

/** The dialog of one widget's settings, by its type; the domain's widget schema decides what may be saved. */
export function WidgetDialog({
  widget,
  onSave,
  onClose,
}: {
  widget: WidgetInput
  onSave: (widget: Widget) => void
  onClose: () => void
}) {
  const { t, i18n } = useTranslation()
  const { objects } = useSession()
  const details = useObjects()
  const outputs = useOutputs()
  const [draft, setDraft] = useState<Draft>(widget as Draft)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const set = (changes: Record<string, unknown>) => setDraft((old) => ({ ...old, ...changes }) as Draft)
  const source = (draft.source ?? { id_object: null, field: null }) as {
    id_object: number | null
    field: string | null
  }
  const moduleOptions = (details.data ?? objects).map((object) => ({
    value: String(object.id),
    label: object.name,
  }))
  const chosen = objects.find((object) => object.id === source.id_object)
  const fieldOptions = chartableFields(chosen).map(({ field, input }) => ({
    value: field,
    label: input?.unit ? `${fieldLabel(i18n, field)} (${input.unit})` : fieldLabel(i18n, field),
  }))
  const outputOptions = (outputs.data ?? []).map((output) => ({
    value: String(output.id),
    label: output.name,
  }))
  const error = (path: string) => {
    const key = errors[path]
    return key ? translateKey(i18n, key, key) : undefined
  }

  const save = () => {
    const parsed = widgetSchema.safeParse(draft)
    if (parsed.success) return onSave(parsed.data)
    setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])))
  }

  const isChart = draft.type === 'chart' || draft.type === 'simple_chart'
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('dashboards.configure_title', { type: t(`dashboards.types.${draft.type}`) })}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault()
          save()
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('dashboards.widget_title')}
            description={t('dashboards.widget_title_hint')}
            value={String(draft.title ?? '')}
            onChange={(event) => set({ title: event.currentTarget.value })}
            error={error('title')}
          />
          {isChart && (
            <>
              <Select
                label={t('dashboards.device')}
                placeholder={t('errors.widget_no_device')}
                data={moduleOptions}
                value={source.id_object === null ? null : String(source.id_object)}
                onChange={(value) =>
                  set({ source: { id_object: value ? Number(value) : null, field: null } })
                }
                error={error('source.id_object')}
                searchable
              />
              <Select
                label={t('dashboards.parameter')}
                placeholder={t('errors.widget_no_parameter')}
                data={fieldOptions}
                value={source.field}
                onChange={(value) => set({ source: { ...source, field: value } })}
                error={error('source.field')}
                disabled={!chosen}
              />
              <NumberInput
                label={t('dashboards.days_back')}
                min={1}
                max={dashboardLimits.maxDaysBack}
                value={Number(draft.days_back ?? (draft.type === 'chart' ? 7 : 1))}
                onChange={(value) => set({ days_back: value === '' ? undefined : Number(value) })}
                rightSection={<Text size="xs">{t('dashboards.days')}</Text>}
                rightSectionWidth={48}
                error={error('days_back')}
              />
            </>
          )}
          {draft.type === 'chart' && (
            <>
              <Select
                label={t('dashboards.chart_type')}
                data={chartTypes.map((type) => ({ value: type, label: t(`dashboards.chart_types.${type}`) }))}
                value={String(draft.chart_type ?? 'line')}
                onChange={(value) => set({ chart_type: value ?? 'line' })}
                allowDeselect={false}
              />
              <Switch
                label={t('dashboards.grid')}
                checked={draft.grid !== false}
                onChange={(event) => set({ grid: event.currentTarget.checked })}
              />
              <Switch
                label={t('dashboards.current_value')}
                checked={draft.current_value !== false}
                onChange={(event) => set({ current_value: event.currentTarget.checked })}
              />
              <Switch
                label={t('dashboards.extremum')}
                checked={draft.extremum === true}
                onChange={(event) => set({ extremum: event.currentTarget.checked })}
              />
              <Switch
                label={t('dashboards.point_limit')}
                checked={draft.point_limit !== false}
                onChange={(event) => set({ point_limit: event.currentTarget.checked })}
              />
              <NumberInput
                label={t('dashboards.max_points')}
                min={dashboardLimits.minPoints}
                max={dashboardLimits.maxPoints}
                disabled={draft.point_limit === false}
                value={Number(draft.max_points ?? 500)}
                onChange={(value) => set({ max_points: value === '' ? undefined : Number(value) })}
                rightSection={<Text size="xs">{t('dashboards.points')}</Text>}
                rightSectionWidth={56}
                error={error('max_points')}
              />
            </>
          )}
          {draft.type === 'resources' && (
            <MultiSelect
              label={t('dashboards.modules')}
              description={t('dashboards.all_when_empty')}
              data={moduleOptions}
              value={((draft.objects as number[] | undefined) ?? []).map(String)}
              onChange={(values) => set({ objects: values.map(Number) })}
            />
          )}
          {(draft.type === 'system_state' || draft.type === 'manual_control') && (
            <MultiSelect
              label={t('dashboards.outputs')}
              description={t('dashboards.all_when_empty')}
              data={outputOptions}
              value={((draft.outputs as number[] | undefined) ?? []).map(String)}
              onChange={(values) => set({ outputs: values.map(Number) })}
            />
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('dashboards.cancel')}
            </Button>
            <Button type="submit">{t('dashboards.apply')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
