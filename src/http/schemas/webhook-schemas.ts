/** Webhook endpoint inputs (spec section 2: no extra properties) and the endpoint record. */
import { WEBHOOK_EVENTS } from '../../core/vocabulary.ts';

const eventTypes = {
  type: 'array',
  minItems: 1,
  maxItems: WEBHOOK_EVENTS.length,
  uniqueItems: true,
  items: { enum: [...WEBHOOK_EVENTS] },
};
const url = { type: 'string', format: 'uri', minLength: 8, maxLength: 2048 };
const description = { type: ['string', 'null'], maxLength: 500 };

export const webhookCreateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  properties: { url, eventTypes, description },
};
export const webhookUpdateSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { url, eventTypes, description, isActive: { type: 'boolean' } },
};

export const webhookEndpointSchema = {
  type: 'object',
  required: ['id', 'object', 'url', 'eventTypes', 'isActive'],
  properties: {
    id: { type: 'string' },
    object: { const: 'webhook_endpoint' },
    url: { type: 'string' },
    eventTypes: { type: 'array', items: { enum: [...WEBHOOK_EVENTS] } },
    description: { type: ['string', 'null'] },
    isActive: { type: 'boolean' },
    disabledReason: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
    secret: { type: 'string', description: 'Signing secret: returned only by the creation response.' },
  },
};
