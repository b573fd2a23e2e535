import { outputSchema, saveOutputSchema } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerResourceRoutes } from '../resource-usage/resource-routes'
import type { OutputsService } from './outputs-service'

/** /api/outputs: outputs and input equipment of the current client account. */
export function registerOutputRoutes(app: FastifyInstance, deps: { outputs: OutputsService }) {
  registerResourceRoutes(app, {
    path: '/api/outputs',
    tag: 'outputs',
    item: outputSchema,
    save: saveOutputSchema,
    service: deps.outputs,
    summaries: {
      list: 'Outputs and input equipment of the account',
      get: 'One output or piece of equipment',
      create:
        "Wire equipment to a module terminal: kind, type and properties must suit the module's model; one per terminal (interface_taken)",
      update: 'Edit an output or piece of equipment; its groups and regions are replaced',
      remove:
        'Remove an output: refused (resource_in_use) while a water source uses it; groups and regions let it go',
      usage: 'What holds the output: water sources block its removal, groups and regions only warn',
    },
  })
}
