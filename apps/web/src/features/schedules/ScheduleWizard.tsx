import { isControlType, type ScheduleInput, type SchedulePreview, type ScheduleRow } from '@kropla/domain'
import { Alert, Button, Group, List, Modal, Stack, Stepper } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { translateKey } from '../../lib/translate-key'
import { useSchemaForm } from '../../lib/use-schema-form'
import { offlineBannerReasonId, useNeedsServer } from '../offline/use-online'
import { LoadedAll } from '../resources/LoadedAll'
import { useGroups, useObjects, useOutputs, useSections } from '../resources/resources-api'
import { useSession } from '../session/use-session'
import { type ConditionChoices, ConditionsFields } from './ConditionsFields'
import { type ElementChoices, ElementsFields } from './ElementsFields'
import { FertigationFields } from './FertigationFields'
import { GeneralFields } from './GeneralFields'
import { watchOf } from './memo-card'
import { PreviewTimeline } from './PreviewTimeline'
import {
  newScheduleValues,
  type ScheduleFormValues,
  scheduleFormSchema,
  showServerErrorsAtFields,
  toScheduleBody,
  validateSchedule,
  valuesOfRow,
} from './schedule-form'
import { todayIn } from './schedule-text'
import { usePreview, useSaveSchedule } from './schedules-api'
import { TimingFields } from './TimingFields'

interface ScheduleWizardProps {
  /** The schedule to edit, or null for a new one. */
  existing: ScheduleRow | null
  onClose: () => void
}

/**
 * The schedule wizard with preview (spec 01 section 2): the schedule, checked by the shared schema
 * with every message at its field, then the coming days' runs as the server would plan them, and
 * the save from there.
 */
export function ScheduleWizard({ existing, onClose }: ScheduleWizardProps) {
  const { t } = useTranslation()
  const isNarrow = useMediaQuery('(max-width: 48em)')
  const sections = useSections()
  const outputs = useOutputs()
  const groups = useGroups()
  const objects = useObjects()
  // Kept while the lists stay the same, so the cards drawn from them need not draw again.
  const elementChoices = useMemo<ElementChoices>(
    () => ({
      sections: sections.data ?? [],
      outputs: (outputs.data ?? []).filter((output) => output.kind === 'output'),
      groups: (groups.data ?? []).filter((group) => group.scope === 'outputs'),
    }),
    [sections.data, outputs.data, groups.data],
  )
  const conditionChoices = useMemo<ConditionChoices>(
    () => ({
      objects: objects.data ?? [],
      groups: (groups.data ?? []).filter((group) => group.scope === 'objects'),
    }),
    [objects.data, groups.data],
  )
  const title = existing
    ? t('schedules.wizard.edit_title', { name: existing.name })
    : t('schedules.wizard.new_title')
  return (
    <Modal opened onClose={onClose} title={title} size="xl" fullScreen={isNarrow} closeOnClickOutside={false}>
      <LoadedAll queries={[sections, outputs, groups, objects]}>
        {() => (
          <WizardSteps
            existing={existing}
            onClose={onClose}
            elementChoices={elementChoices}
            conditionChoices={conditionChoices}
          />
        )}
      </LoadedAll>
    </Modal>
  )
}

interface WizardStepsProps extends ScheduleWizardProps {
  elementChoices: ElementChoices
  conditionChoices: ConditionChoices
}

function WizardSteps({ existing, onClose, elementChoices, conditionChoices }: WizardStepsProps) {
  const { t, i18n } = useTranslation()
  const needsServer = useNeedsServer(offlineBannerReasonId)
  const messageOf = useErrorMessage()
  const { user } = useSession()
  const form = useSchemaForm<ScheduleFormValues>(
    scheduleFormSchema,
    existing ? valuesOfRow(existing) : newScheduleValues(todayIn(user.client_time_zone)),
  )
  const preview = usePreview(existing?.id ?? null)
  const save = useSaveSchedule(existing?.id ?? null)
  const [shown, setShown] = useState<{ body: ScheduleInput; preview: SchedulePreview } | null>(null)
  /** Set when the last check failed: messages no field holds (usually none). */
  const [problems, setProblems] = useState<string[] | null>(null)

  const formRef = useRef<HTMLFormElement>(null)
  /** Counts refusals, so each one brings its first message into view (it may be far up the form). */
  const [refusals, setRefusals] = useState(0)
  useEffect(() => {
    if (refusals === 0) return
    // A field marked invalid, or the message Mantine shows under a group (its id ends in -error).
    const form = formRef.current
    const first =
      form?.querySelector<HTMLElement>('[aria-invalid="true"], [id$="-error"]') ??
      form?.querySelector<HTMLElement>('[data-testid="schedule-form-problems"]')
    first?.scrollIntoView({ block: 'center' })
  }, [refusals])

  function backToFields(error: unknown): boolean {
    if (!showServerErrorsAtFields(form, error)) return false
    setProblems([])
    setShown(null)
    setRefusals((count) => count + 1)
    return true
  }

  function toPreview(event: FormEvent) {
    event.preventDefault()
    const { isValid, unplaced } = validateSchedule(form)
    if (!isValid) {
      setProblems(unplaced)
      setRefusals((count) => count + 1)
      return
    }
    setProblems(null)
    const body = toScheduleBody(form.getValues())
    preview.mutate(body, {
      onSuccess: (answer) => setShown({ body, preview: answer }),
      onError: backToFields,
    })
  }

  function saveShown() {
    if (!shown) return
    save.mutate(shown.body, {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          message: t(existing ? 'schedules.notices.saved' : 'schedules.notices.created'),
        })
        onClose()
      },
      onError: (error) => {
        if (backToFields(error)) return
        const title = t('errors.schedule_save_failed')
        const detail = messageOf(error)
        notifications.show({ color: 'red', title, message: detail === title ? '' : detail })
      },
    })
  }

  const values = form.getValues()
  const { rule, starts, cycle_minutes, elements, fertigation, conditions } = values.definition
  return (
    <Stepper active={shown ? 1 : 0} size="xs" iconSize={28} allowNextStepsSelect={false}>
      <Stepper.Step label={t('schedules.wizard.step_schedule')}>
        <form ref={formRef} onSubmit={toPreview} noValidate>
          <Stack gap="md" mt="md">
            {problems !== null && (
              <Alert color="red" role="alert" data-testid="schedule-form-problems">
                {t('schedules.wizard.fix_fields')}
                {problems.length > 0 && (
                  <List size="sm" mt={4}>
                    {problems.map((problem) => (
                      <List.Item key={problem}>{translateKey(i18n, problem, problem)}</List.Item>
                    ))}
                  </List>
                )}
              </Alert>
            )}
            {preview.isError && problems === null && (
              <FailureAlert error={preview.error} testId="schedule-preview-error" />
            )}
            <GeneralFields
              form={form}
              watch={watchOf(
                form,
                [values.name, values.type, values.priority, values.begin_date, values.expiration_date],
                ['name', 'type', 'priority', 'begin_date', 'expiration_date'],
              )}
            />
            <TimingFields
              form={form}
              watch={watchOf(
                form,
                // The begin date is the day the typed times are shown on in the user's own zone.
                [values.type, rule, starts, cycle_minutes, values.begin_date],
                ['definition.rule', 'definition.starts', 'definition.cycle_minutes'],
              )}
            />
            <ElementsFields
              form={form}
              watch={watchOf(form, [values.type, elements, cycle_minutes], ['definition.elements'])}
              choices={elementChoices}
            />
            {!isControlType(values.type) && (
              <FertigationFields
                form={form}
                watch={watchOf(form, [fertigation, starts], ['definition.fertigation'])}
              />
            )}
            <ConditionsFields
              form={form}
              watch={watchOf(form, conditions, ['definition.conditions'])}
              choices={conditionChoices}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('schedules.cancel')}
              </Button>
              <Button type="submit" loading={preview.isPending} {...needsServer}>
                {t('schedules.wizard.to_preview')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stepper.Step>
      <Stepper.Step label={t('schedules.wizard.step_preview')}>
        {shown && (
          <Stack gap="md" mt="md">
            <PreviewTimeline preview={shown.preview} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setShown(null)}>
                {t('schedules.wizard.back')}
              </Button>
              <Button onClick={saveShown} loading={save.isPending} {...needsServer}>
                {t('schedules.wizard.save')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stepper.Step>
    </Stepper>
  )
}
