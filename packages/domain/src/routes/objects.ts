import { z } from 'zod'
import { idParamsSchema } from '../resources/common'
import {
  createObjectSchema,
  nfcCheckResultSchema,
  nfcCodeSchema,
  objectAssignmentSchema,
  objectCheckResultSchema,
  objectCheckSchema,
  objectDetailSchema,
  updateObjectSchema,
} from '../resources/objects'
import { refusals, route } from './route'

export const objectRoutes = {
  check: route({
    method: 'POST',
    path: '/api/objects/check',
    summary: 'Add-module wizard, step 1: the model behind a serial number and PIN that may be added',
    tags: ['objects'],
    body: objectCheckSchema,
    answers: { 200: objectCheckResultSchema, ...refusals(400, 401, 403, 404, 409, 429, 500) },
  }),
  nfc: route({
    method: 'POST',
    path: '/api/objects/nfc',
    summary: "Add-module wizard: the module an NFC tag's code names (KROPLA:<serial>:<pin>), when free",
    tags: ['objects'],
    body: nfcCodeSchema,
    answers: { 200: nfcCheckResultSchema, ...refusals(400, 401, 403, 404, 409, 429, 500) },
  }),
  create: route({
    method: 'POST',
    path: '/api/objects',
    summary: 'Add a module to the account (serial number, PIN and settings); its outputs are created with it',
    tags: ['objects'],
    body: createObjectSchema,
    answers: { 201: objectDetailSchema, ...refusals(400, 401, 403, 404, 409, 429, 500) },
  }),
  list: route({
    method: 'GET',
    path: '/api/objects',
    summary: "The account's modules with their settings, groups, regions and reconfiguration state",
    tags: ['objects'],
    answers: { 200: z.array(objectDetailSchema), ...refusals(400, 401, 403, 404) },
  }),
  get: route({
    method: 'GET',
    path: '/api/objects/:id',
    summary: 'One module of the account',
    tags: ['objects'],
    params: idParamsSchema,
    answers: { 200: objectDetailSchema, ...refusals(400, 401, 403, 404) },
  }),
  update: route({
    method: 'PUT',
    path: '/api/objects/:id',
    summary:
      "A module's name, marker, location, properties and config (labels, units, thresholds, AM-600 inputs); changed properties or config are sent to the module",
    tags: ['objects'],
    params: idParamsSchema,
    body: updateObjectSchema,
    answers: { 200: objectDetailSchema, ...refusals(400, 401, 403, 404, 500) },
  }),
  updateGroups: route({
    method: 'PUT',
    path: '/api/objects/:id/groups',
    summary: "The module's groups (groups of modules of the account; groupable models only)",
    tags: ['objects'],
    params: idParamsSchema,
    body: objectAssignmentSchema,
    answers: { 200: objectDetailSchema, ...refusals(400, 401, 403, 404, 500) },
  }),
  updateRegions: route({
    method: 'PUT',
    path: '/api/objects/:id/regions',
    summary: "The map regions the module is in (the account's regions)",
    tags: ['objects'],
    params: idParamsSchema,
    body: objectAssignmentSchema,
    answers: { 200: objectDetailSchema, ...refusals(400, 401, 403, 404, 500) },
  }),
}
