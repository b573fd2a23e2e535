import { PasswordInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { PasswordRules } from '../auth/PasswordRules'

interface NewPasswordValues extends Record<string, unknown> {
  password: string
  password_confirm: string
}

interface NewPasswordFieldsProps<Values extends NewPasswordValues> {
  form: UseFormReturnType<Values>
  labels: { password: string; confirmation: string }
  /** Set where the password is the first thing the user types on the screen. */
  autoFocus?: boolean
}

/** A new password typed twice (`password`, `password_confirm`), with the rules ticking off below. */
export function NewPasswordFields<Values extends NewPasswordValues>({
  form,
  labels,
  autoFocus = false,
}: NewPasswordFieldsProps<Values>) {
  const { password, password_confirm } = form.getValues()
  return (
    <>
      <PasswordInput
        label={labels.password}
        autoComplete="new-password"
        required
        data-autofocus={autoFocus || undefined}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label={labels.confirmation}
        autoComplete="new-password"
        required
        {...form.getInputProps('password_confirm')}
      />
      <PasswordRules password={password} confirmation={password_confirm} />
    </>
  )
}
