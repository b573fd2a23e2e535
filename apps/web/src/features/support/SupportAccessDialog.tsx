import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAuditLogFilters } from '../audit/audit-api'
import { useRealtimeChannel } from '../realtime/RealtimeContext'
import { useSession } from '../session/use-session'

/**
 * The operator's support access (issue 15 item 3): choose a client account and say why; the server
 * moves the session there (`switch_client` with the reason, kept in the audit log) and the page
 * reloads as that account's, under a banner with the way back.
 */
export function SupportAccessDialog({
  opened,
  onClose,
  account,
}: {
  opened: boolean
  onClose: () => void
  /** The account to switch into, chosen already (the client's own screen): only the reason is asked. */
  account?: { id: number; name: string }
}) {
  const { t } = useTranslation()
  const { user } = useSession()
  const { switchClient } = useRealtimeChannel()
  const accounts = useAuditLogFilters('operator')
  const [chosen, setTarget] = useState<string | null>(null)
  const target = account ? String(account.id) : chosen
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [isPending, setPending] = useState(false)

  function submit() {
    if (!target) return setError(t('support.choose_account'))
    if (!reason.trim()) return setError(t('errors.support_reason_required'))
    setError(null)
    setPending(true)
    switchClient(Number(target), reason.trim()).catch((failure: Error) => {
      setPending(false)
      setError(failure.message || t('errors.switch_client_failed'))
    })
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('support.title')}>
      <Stack gap="sm">
        {account ? (
          <TextInput
            label={t('support.account')}
            value={account.name}
            readOnly
            data-testid="support-account"
          />
        ) : (
          <Select
            label={t('support.account')}
            data={(accounts.data?.clients ?? [])
              .filter((client) => client.id !== user.id_client)
              .map((client) => ({ value: String(client.id), label: client.name }))}
            value={chosen}
            onChange={setTarget}
            searchable
            required
            comboboxProps={{ withinPortal: false }}
            data-testid="support-account"
          />
        )}
        <Textarea
          label={t('support.reason')}
          description={t('support.reason_hint')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
          required
          error={error}
          data-testid="support-reason"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('support.cancel')}
          </Button>
          <Button onClick={submit} loading={isPending} data-testid="support-submit">
            {t('support.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
