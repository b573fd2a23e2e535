import { type AccountUser, isAdmin, isAdminus } from '@kropla/domain'
import { Badge, Box, Button, EmptyState, Group, Stack, Table, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { ListTable } from '../../app/ui/ListTable'
import { Loaded } from '../../app/ui/Loaded'
import { RowActions } from '../../app/ui/RowActions'
import { useSession } from '../session/use-session'
import { useUserFormat } from '../session/use-user-format'
import { SettingsPage } from '../settings/SettingsPage'
import { DeleteUserModal } from './DeleteUserModal'
import { displayName } from './display-name'
import { EditUserModal } from './EditUserModal'
import { InviteUserModal } from './InviteUserModal'
import { useUsers } from './users-api'

type Dialog =
  | { kind: 'invite' }
  | { kind: 'edit'; user: AccountUser }
  | { kind: 'delete'; user: AccountUser }
  | null

/** Settings > users (admins): every user of the account in one table; invite, edit, delete. */
export function UsersScreen() {
  const { t } = useTranslation()
  const users = useUsers()
  // The first-run dialog's "Add a user" comes here with ?invite=1.
  const [search, setSearch] = useSearchParams()
  const [dialog, setDialog] = useState<Dialog>(() =>
    search.get('invite') === '1' ? { kind: 'invite' } : null,
  )
  const close = () => {
    setDialog(null)
    if (search.has('invite')) setSearch({}, { replace: true })
  }

  return (
    <SettingsPage
      title={t('users.title')}
      actions={<Button onClick={() => setDialog({ kind: 'invite' })}>{t('users.invite')}</Button>}
    >
      <Loaded query={users}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t('users.empty')} />
          ) : (
            <UsersTable
              users={list}
              onEdit={(user) => setDialog({ kind: 'edit', user })}
              onDelete={(user) => setDialog({ kind: 'delete', user })}
            />
          )
        }
      </Loaded>
      <InviteUserModal opened={dialog?.kind === 'invite'} onClose={close} />
      {dialog?.kind === 'edit' && <EditUserModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteUserModal user={dialog.user} onClose={close} />}
    </SettingsPage>
  )
}

interface UsersTableProps {
  users: AccountUser[]
  onEdit: (user: AccountUser) => void
  onDelete: (user: AccountUser) => void
}

function UsersTable({ users, onEdit, onDelete }: UsersTableProps) {
  const { t } = useTranslation()
  const { user: me } = useSession()
  const format = useUserFormat()
  return (
    <ListTable
      testId="users-table"
      minWidth={340}
      head={
        <>
          <Table.Th>{t('users.user')}</Table.Th>
          <Table.Th visibleFrom="sm">{t('users.type')}</Table.Th>
          <Table.Th visibleFrom="md">{t('users.created')}</Table.Th>
          <Table.Th ta="right">{t('users.actions')}</Table.Th>
        </>
      }
    >
      {users.map((user) => {
        const name = displayName(user)
        const isOperator = isAdminus(user.type)
        const operatorFixed = {
          disabled: isOperator,
          title: isOperator ? t('users.operator_fixed') : undefined,
        }
        return (
          <Table.Tr key={user.id} data-testid={`user-${user.id}`}>
            <Table.Td>
              <Stack gap={0}>
                <Group gap={6}>
                  <Text size="sm" fw={500}>
                    {name}
                  </Text>
                  {user.id === me.id && (
                    <Badge size="xs" variant="outline">
                      {t('users.you')}
                    </Badge>
                  )}
                  {user.invited && (
                    <Badge size="xs" color="yellow" variant="light">
                      {t('users.invited')}
                    </Badge>
                  )}
                </Group>
                {name !== user.email && (
                  <Text size="xs" c="dimmed">
                    {user.email}
                  </Text>
                )}
                <Box hiddenFrom="sm" mt={4}>
                  <RoleBadge type={user.type} />
                </Box>
              </Stack>
            </Table.Td>
            <Table.Td visibleFrom="sm">
              <RoleBadge type={user.type} />
            </Table.Td>
            <Table.Td visibleFrom="md">
              <Text size="sm">{format.dateTime(user.created_at)}</Text>
            </Table.Td>
            <RowActions
              actions={[
                {
                  label: t('users.edit'),
                  ariaLabel: t('users.edit_label', { name }),
                  tone: 'plain',
                  onClick: () => onEdit(user),
                  ...operatorFixed,
                },
                {
                  label: t('users.delete'),
                  ariaLabel: t('users.delete_label', { name }),
                  tone: 'danger',
                  onClick: () => onDelete(user),
                  ...operatorFixed,
                },
              ]}
            />
          </Table.Tr>
        )
      })}
    </ListTable>
  )
}

function RoleBadge({ type }: { type: AccountUser['type'] }) {
  const { t } = useTranslation()
  return (
    <Badge variant="light" color={isAdmin(type) ? 'cyan' : 'gray'} style={{ flexShrink: 0 }}>
      {t(`users.type_${type}`)}
    </Badge>
  )
}
