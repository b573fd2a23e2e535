import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { objectDetailFixture } from '../../testing/fake-objects'
import { applyObjectConfigState } from './object-config-event'
import { objectQueryKey, storeObject } from './objects-api'

const pending = { id: 'cfg-1', sent_at: '2026-11-21T10:00:00Z' }

describe('reconfiguration state', () => {
  it('stays cleared when the module acknowledges before the save answer arrives', () => {
    const queryClient = new QueryClient()
    const module = objectDetailFixture({ id: 7 })
    storeObject(queryClient, module)

    applyObjectConfigState(queryClient, { id_object: 7, config_pending: null, settled_id: 'cfg-1' })
    storeObject(queryClient, { ...module, config_pending: pending })

    expect(queryClient.getQueryData(objectQueryKey(7))).toMatchObject({ config_pending: null })
  })

  it('shows a configuration the module has not acknowledged', () => {
    const queryClient = new QueryClient()
    const module = objectDetailFixture({ id: 8 })
    storeObject(queryClient, { ...module, config_pending: { ...pending, id: 'cfg-2' } })
    applyObjectConfigState(queryClient, { id_object: 8, config_pending: null, settled_id: 'cfg-other' })
    storeObject(queryClient, { ...module, config_pending: { ...pending, id: 'cfg-3' } })

    expect(queryClient.getQueryData(objectQueryKey(8))).toMatchObject({ config_pending: { id: 'cfg-3' } })
  })
})
