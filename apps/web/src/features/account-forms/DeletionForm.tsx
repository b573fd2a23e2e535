import { Alert, Modal, Stack, Text } from '@mantine/core'
import type { FormEvent, ReactNode } from 'react'
import { DialogActions } from '../../app/ui/DialogActions'
import { FailureAlert } from '../../app/ui/FailureAlert'

interface DeletionWarningProps {
  /** Strong where access is lost (an administrator, oneself, the whole account). */
  strength: 'strong' | 'normal'
  children: ReactNode
}

/**
 * What a deletion takes away, said before anything is asked. A strong warning is an alert, read out
 * at once; `data-strength` names the one shown, for the tests that check the right one is chosen.
 */
export function DeletionWarning({ strength, children }: DeletionWarningProps) {
  if (strength === 'normal') {
    return (
      <Text data-testid="delete-warning" data-strength="normal">
        {children}
      </Text>
    )
  }
  return (
    <Alert color="red" variant="filled" role="alert" data-testid="delete-warning" data-strength="strong">
      {children}
    </Alert>
  )
}

interface DeletionFormProps {
  warning: ReactNode
  /** A refusal that no field shows; null when there is none. */
  failure: unknown
  submitLabel: string
  isPending: boolean
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  onCancel: () => void
  /** What the deletion asks for (the password, a confirmation), between the warning and the buttons. */
  children?: ReactNode
}

/** The body of a deletion dialog: the warning, a refusal, the fields, cancel and the red submit. */
export function DeletionForm({
  warning,
  failure,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
  children,
}: DeletionFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {warning}
        {failure !== null && <FailureAlert error={failure} testId="delete-error" />}
        {children}
        <DialogActions onCancel={onCancel} submitLabel={submitLabel} isPending={isPending} isDestructive />
      </Stack>
    </form>
  )
}

/**
 * A deletion dialog with nothing to fill in, whose submit runs `mutation` (one taking no variables);
 * its refusal and its progress shown.
 */
export function DeletionModal({
  title,
  warning,
  submitLabel,
  mutation,
  onClose,
}: {
  title: string
  warning: ReactNode
  submitLabel: string
  mutation: { error: unknown; isPending: boolean; mutate: () => void }
  onClose: () => void
}) {
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <DeletionForm
        warning={warning}
        failure={mutation.error}
        submitLabel={submitLabel}
        isPending={mutation.isPending}
        onSubmit={(event) => {
          event.preventDefault()
          mutation.mutate()
        }}
        onCancel={onClose}
      />
    </Modal>
  )
}
