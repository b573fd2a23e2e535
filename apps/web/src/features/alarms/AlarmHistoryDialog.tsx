import type { AlarmRow } from '@kropla/domain'
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Loaded } from '../../app/ui/Loaded'
import { AlarmStateCell } from './AlarmStateCell'
import { useAlarmHistory } from './alarms-api'
import type { AlarmWords } from './use-alarm-words'

interface AlarmHistoryDialogProps {
  row: AlarmRow
  words: AlarmWords
  onClose: () => void
}

/** The history dialog (spec 01 section 2): every activation of this alarm of this module, newest first. */
export function AlarmHistoryDialog({ row, words, onClose }: AlarmHistoryDialogProps) {
  const { t } = useTranslation()
  const history = useAlarmHistory(row)
  const name = words.describe(row)
  return (
    <Modal opened onClose={onClose} title={t('alarms.history_title')} size="xl" centered>
      <Stack gap="md">
        <Text size="sm">{t('alarms.history_intro', { name, module: row.object_name })}</Text>
        <Loaded query={history}>
          {(rows) =>
            rows.length === 0 ? (
              <Text c="dimmed">{t('alarms.history_empty')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={560}>
                <Table
                  verticalSpacing="xs"
                  aria-label={t('alarms.history_title')}
                  data-testid="alarm-history"
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('alarms.activation')}</Table.Th>
                      <Table.Th>{t('alarms.inactivation')}</Table.Th>
                      <Table.Th>{t('alarms.value')}</Table.Th>
                      <Table.Th>{t('alarms.threshold')}</Table.Th>
                      <Table.Th>{t('alarms.state')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((activation) => (
                      <Table.Tr key={activation.id}>
                        <Table.Td>{words.date(activation.activation_date)}</Table.Td>
                        <Table.Td>{words.date(activation.inactivation_date)}</Table.Td>
                        <Table.Td>{words.value(activation)}</Table.Td>
                        <Table.Td>{words.threshold(activation)}</Table.Td>
                        <Table.Td>
                          <AlarmStateCell row={activation} words={words} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </Loaded>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('alarms.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
