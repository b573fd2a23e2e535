import { z } from 'zod'
import { okAnswerSchema } from '../answers/common'
import {
  adminMessageSchema,
  messageTemplateSchema,
  saveMessageSchema,
  saveMessageTemplateSchema,
  userMessageSchema,
} from '../messages/messages'
import { idParamsSchema } from '../resources/common'
import { refusals, route } from './route'

export const userMessageReadSchema = z.object({ read: z.boolean() })

export const messageRoutes = {
  listOwn: route({
    method: 'GET',
    path: '/api/user_messages',
    summary: 'My messages, newest first',
    tags: ['messages'],
    answers: { 200: z.array(userMessageSchema), ...refusals(400, 401, 403, 404) },
  }),
  getOwn: route({
    method: 'GET',
    path: '/api/user_messages/:id',
    summary: 'One of my messages',
    tags: ['messages'],
    params: idParamsSchema,
    answers: { 200: userMessageSchema, ...refusals(400, 401, 403, 404) },
  }),
  markOwnRead: route({
    method: 'PUT',
    path: '/api/user_messages/:id/read',
    summary: 'Mark one of my messages read or unread',
    tags: ['messages'],
    params: idParamsSchema,
    body: userMessageReadSchema,
    answers: { 200: userMessageSchema, ...refusals(400, 401, 403, 404, 409, 500) },
  }),
  removeOwn: route({
    method: 'DELETE',
    path: '/api/user_messages/:id',
    summary: 'Delete one of my messages',
    tags: ['messages'],
    params: idParamsSchema,
    answers: { 200: okAnswerSchema, ...refusals(400, 401, 403, 404, 409, 500) },
  }),
  list: route({
    method: 'GET',
    path: '/api/admin/messages',
    summary: 'Every operator message with its reach',
    tags: ['admin'],
    answers: { 200: z.array(adminMessageSchema), ...refusals(400, 401, 403, 404) },
  }),
  create: route({
    method: 'POST',
    path: '/api/admin/messages',
    summary: 'Publish a message to everyone, chosen users or chosen client accounts',
    tags: ['admin'],
    body: saveMessageSchema,
    answers: { 201: adminMessageSchema, ...refusals(400, 401, 403, 404, 409, 500) },
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/admin/messages/:id',
    summary: 'Withdraw a message from every recipient',
    tags: ['admin'],
    params: idParamsSchema,
    answers: { 200: okAnswerSchema, ...refusals(400, 401, 403, 404, 409, 500) },
  }),
  listTemplates: route({
    method: 'GET',
    path: '/api/admin/message_templates',
    summary: 'Message templates by name',
    tags: ['admin'],
    answers: { 200: z.array(messageTemplateSchema), ...refusals(400, 401, 403, 404) },
  }),
  createTemplate: route({
    method: 'POST',
    path: '/api/admin/message_templates',
    summary: 'Add a template; names are unique',
    tags: ['admin'],
    body: saveMessageTemplateSchema,
    answers: { 201: messageTemplateSchema, ...refusals(400, 401, 403, 404, 409, 500) },
  }),
  updateTemplate: route({
    method: 'PUT',
    path: '/api/admin/message_templates/:id',
    summary: 'Edit a template',
    tags: ['admin'],
    params: idParamsSchema,
    body: saveMessageTemplateSchema,
    answers: { 200: messageTemplateSchema, ...refusals(400, 401, 403, 404, 409, 500) },
  }),
  removeTemplate: route({
    method: 'DELETE',
    path: '/api/admin/message_templates/:id',
    summary: 'Remove a template',
    tags: ['admin'],
    params: idParamsSchema,
    answers: { 200: okAnswerSchema, ...refusals(400, 401, 403, 404, 409, 500) },
  }),
}
