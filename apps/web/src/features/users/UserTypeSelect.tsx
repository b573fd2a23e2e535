import { NativeSelect } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** The types an account's admin can give: normal user (2) or administrator (1); operators are the operator's. */
export type AssignableUserType = 1 | 2

interface UserTypeSelectProps {
  value: AssignableUserType
  onChange: (type: AssignableUserType) => void
}

export function UserTypeSelect({ value, onChange }: UserTypeSelectProps) {
  const { t } = useTranslation()
  return (
    <NativeSelect
      label={t('users.type')}
      name="type"
      data={[
        { value: '2', label: t('users.type_2') },
        { value: '1', label: t('users.type_1') },
      ]}
      value={String(value)}
      onChange={(event) => onChange(event.currentTarget.value === '1' ? 1 : 2)}
    />
  )
}
