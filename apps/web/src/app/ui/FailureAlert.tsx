import { Alert } from '@mantine/core'
import { useErrorMessage } from './use-error-message'

/** A refused or failed request, in words, above the form that sent it. */
export function FailureAlert({ error, testId }: { error: unknown; testId: string }) {
  const messageOf = useErrorMessage()
  return (
    <Alert color="red" role="alert" data-testid={testId}>
      {messageOf(error)}
    </Alert>
  )
}
