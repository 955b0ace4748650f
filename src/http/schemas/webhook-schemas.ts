/** Webhook endpoint inputs (spec section 2: no extra properties) and the endpoint record. */
import { Type } from '@sinclair/typebox';
import { WEBHOOK_EVENTS } from '../../core/vocabulary.ts';
import { NullableString, StringEnum } from './schema-types.ts';

const eventTypes = Type.Optional(
  Type.Array(StringEnum(WEBHOOK_EVENTS), { minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true }),
);
// iri: international host names are accepted and stored in punycode (webhook-url.ts)
const url = Type.String({ format: 'iri', minLength: 8, maxLength: 2048 });
const description = Type.Optional(NullableString({ maxLength: 500 }));

export const webhookCreateSchema = Type.Object({ url, eventTypes, description }, { additionalProperties: false });
export const webhookUpdateSchema = Type.Object(
  { url: Type.Optional(url), eventTypes, description, isActive: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);

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
