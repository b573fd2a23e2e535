import {
  registerAccountNameSchema,
  registerDeviceAnswerSchema,
  registerDeviceSchema,
  registerRequestSchema,
} from '../accounts/registration'
import { okAnswerSchema } from '../answers/common'
import { refusals, route } from './route'

export const registrationRoutes = {
  checkDevice: route({
    method: 'POST',
    path: '/api/register/device',
    summary: 'Step 1: a base station or soil probe that is not activated yet (serial number and PIN)',
    tags: ['registration'],
    body: registerDeviceSchema,
    answers: { 200: registerDeviceAnswerSchema, ...refusals(400, 429) },
  }),
  checkAccountName: route({
    method: 'POST',
    path: '/api/register/account-name',
    summary: 'Step 2: the account name is long enough and free',
    tags: ['registration'],
    body: registerAccountNameSchema,
    answers: { 200: okAnswerSchema, ...refusals(400) },
  }),
  register: route({
    method: 'POST',
    path: '/api/register',
    summary:
      'Steps 1 to 4 at once: opens the client account with the module, makes the registrant its admin, and logs them in',
    tags: ['registration'],
    body: registerRequestSchema,
    answers: { 201: okAnswerSchema, ...refusals(400, 429, 500) },
  }),
}
