import { messageInLanguage, messageTypeName, type UserMessage } from '@kropla/domain'
import { Accordion, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FullText } from '../../app/ui/FullText'
import { Loaded } from '../../app/ui/Loaded'
import { PageFrame } from '../../app/ui/PageFrame'
import { useUserFormat } from '../session/use-user-format'
import { useUserMessageActions, useUserMessages } from './messages-api'

type Filter = 'all' | 'unread' | 'read'
const typeColour = ['blue', 'orange', 'grape'] as const

/** Messages and notifications (spec 01 section 2): the operator's messages to this user, read or unread, delete. */
export function MessagesScreen() {
  const { t, i18n } = useTranslation()
  const format = useUserFormat()
  const messages = useUserMessages()
  const { setRead, remove } = useUserMessageActions()
  const [filter, setFilter] = useState<Filter>('all')
  const [open, setOpen] = useState<string | null>(null)

  const shown = (messages.data ?? []).filter(
    (message) => filter === 'all' || (filter === 'unread') === (message.read_date === null),
  )
  // Opening an unread message reads it.
  const expand = (value: string | null) => {
    setOpen(value)
    const message = shown.find((row) => String(row.id) === value)
    if (message && message.read_date === null) setRead.mutate({ id: message.id, read: true })
  }

  return (
    <PageFrame title={t('messages.title')} intro={t('messages.intro')} maxWidth={900}>
      <SegmentedControl
        aria-label={t('messages.filter')}
        value={filter}
        onChange={(value) => setFilter(value as Filter)}
        data={(['all', 'unread', 'read'] as const).map((value) => ({
          value,
          label: t(`messages.filters.${value}`),
        }))}
        w="fit-content"
      />
      <Loaded query={messages}>
        {() =>
          shown.length === 0 ? (
            <Text c="dimmed">{t('messages.empty')}</Text>
          ) : (
            <Accordion value={open} onChange={expand} variant="separated" data-testid="user-messages">
              {shown.map((message) => (
                <MessageItem
                  key={message.id}
                  message={message}
                  lang={i18n.language}
                  published={format.dateTime(message.publication_date)}
                  onToggleRead={() => setRead.mutate({ id: message.id, read: message.read_date === null })}
                  onDelete={() => remove.mutate(message.id)}
                />
              ))}
            </Accordion>
          )
        }
      </Loaded>
    </PageFrame>
  )
}

function MessageItem(props: {
  message: UserMessage
  lang: string
  published: string
  onToggleRead: () => void
  onDelete: () => void
}) {
  const { t } = useTranslation()
  const { message } = props
  const { subject, content } = messageInLanguage(message, props.lang)
  const unread = message.read_date === null
  return (
    <Accordion.Item value={String(message.id)} data-unread={unread}>
      <Accordion.Control aria-label={subject}>
        <Group gap="sm" wrap="nowrap">
          <Badge color={typeColour[message.type] ?? 'blue'} variant="light" size="sm">
            {t(`messages.types.${messageTypeName(message.type)}`)}
          </Badge>
          <FullText text={subject}>
            <Text fw={unread ? 700 : 400} style={{ flex: 1 }} lineClamp={1}>
              {subject}
            </Text>
          </FullText>
          {unread && (
            <Badge color="red" size="xs">
              {t('messages.unread')}
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {props.published}
          </Text>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          <Text style={{ whiteSpace: 'pre-wrap' }}>{content}</Text>
          {message.address && (
            <Text size="sm" component="a" href={message.address} target="_blank" rel="noreferrer">
              {message.address}
            </Text>
          )}
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={props.onToggleRead}>
              {unread ? t('messages.mark_read') : t('messages.mark_unread')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={props.onDelete}
              aria-label={t('messages.delete_label', { subject })}
            >
              {t('messages.delete')}
            </Button>
          </Group>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  )
}
