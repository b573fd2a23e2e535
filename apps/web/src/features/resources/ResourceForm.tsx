import { Stack } from '@mantine/core'
import type { FormEventHandler, ReactNode } from 'react'
import { FailureAlert } from '../../app/ui/FailureAlert'

interface ResourceFormProps {
  /** `submit` of useSaveResource. */
  onSubmit: FormEventHandler<HTMLFormElement>
  /** `failure` of useSaveResource: a refusal no field shows. */
  failure: unknown
  children: ReactNode
}

/**
 * A resource's form, on its page or in a dialog: the shared schema checks the values (so no browser
 * validation), and a refusal that belongs to no field stands above the inputs.
 */
export function ResourceForm({ onSubmit, failure, children }: ResourceFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {failure ? <FailureAlert error={failure} testId="save-error" /> : null}
        {children}
      </Stack>
    </form>
  )
}
