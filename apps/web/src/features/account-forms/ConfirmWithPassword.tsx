import { Modal, PasswordInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import type { ReactNode } from 'react'
import { type FormSchema, showServerErrorAtFields, useSchemaForm } from '../../lib/use-schema-form'
import { type PasswordConfirmedRoute, usePasswordConfirmedDeletion } from './account-forms-api'
import { DeletionForm, DeletionWarning } from './DeletionForm'

interface PasswordValues extends Record<string, unknown> {
  password: string
}

/** A `DELETE` the user confirms with their password, and that takes their session with it. */
export interface PasswordConfirmedDeletion<Values extends PasswordValues> {
  /** The body's schema, which also checks the form: the password and whatever else is confirmed. */
  schema: FormSchema & { parse: (values: unknown) => unknown }
  initialValues: Values
  route: PasswordConfirmedRoute
  /** The server's refusals that belong to one field (`password_incorrect` at the password). */
  fieldOfCode: Readonly<Record<string, string>>
}

interface ConfirmWithPasswordProps<Values extends PasswordValues> {
  deletion: PasswordConfirmedDeletion<Values>
  opened: boolean
  onClose: () => void
  title: string
  warning: string
  passwordLabel: string
  submitLabel: string
  /** Fields asked before the password (the client account's checkbox). */
  fieldsBefore?: (form: UseFormReturnType<Values>) => ReactNode
}

/**
 * The dialog of a deletion that logs the user out (their own user account, the whole client
 * account): a strong warning, the password, and on success the login screen, reloaded so that
 * nothing of the deleted account stays in memory.
 */
export function ConfirmWithPassword<Values extends PasswordValues>({
  deletion,
  opened,
  onClose,
  title,
  warning,
  passwordLabel,
  submitLabel,
  fieldsBefore,
}: ConfirmWithPasswordProps<Values>) {
  const form = useSchemaForm(deletion.schema, deletion.initialValues)
  const remove = usePasswordConfirmedDeletion(deletion.route, {
    onError: (error) => showServerErrorAtFields(form, error, deletion.fieldOfCode),
  })
  // Reopening starts afresh: no typed password, no refusal from the last attempt.
  const close = () => {
    onClose()
    form.reset()
    remove.reset()
  }
  const isShownAtField = Object.keys(form.errors).length > 0

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <DeletionForm
        warning={<DeletionWarning strength="strong">{warning}</DeletionWarning>}
        failure={isShownAtField ? null : remove.error}
        submitLabel={submitLabel}
        isPending={remove.isPending}
        onSubmit={form.onSubmit((values) => remove.mutate(deletion.schema.parse(values)))}
        onCancel={close}
      >
        {fieldsBefore?.(form)}
        <PasswordInput
          label={passwordLabel}
          autoComplete="current-password"
          required
          // The focus goes to the first field: the password, unless something is asked before it.
          data-autofocus={fieldsBefore ? undefined : true}
          {...form.getInputProps('password')}
        />
      </DeletionForm>
    </Modal>
  )
}
