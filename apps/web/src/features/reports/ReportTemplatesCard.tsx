import { type ReportTemplate, reportTemplateNameLimits, saveReportTemplateSchema } from '@kropla/domain'
import { Button, Card, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { translateKey } from '../../lib/translate-key'
import type { toRequest } from './creator-form'
import { useReportTemplates, useTemplateActions } from './reports-api'

/** Save, load, update and delete report templates (names 3 to 40 characters). */
export function ReportTemplatesCard({
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
