import { z } from 'zod';
import {
  FLEET_EVENT_PAYLOADS,
  FLEET_EVENT_VERSION,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADERS,
  type WebhookEventType,
} from '@fleet/contract';

const DESCRIPTION =
  'POSTed to each enabled endpoint subscribed to this event type, for the events of its company (or of every ' +
  'company, for an endpoint of the maker’s staff). Verify the `Webhook-Signature` header before trusting the ' +
  'body: it is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed by the endpoint’s secret>`; ' +
  'refuse a `t` more than 5 minutes from your clock. Any 2xx answer within 10 seconds marks the delivery ' +
  'delivered; anything else (a redirect included: none is followed) is sent again after 30 s, 2 min, 8 min, ' +
  '30 min, 2 h, then every 6 h, for 24 hours. Delivery is at least once: de-duplicate by the body’s `id` ' +
  '(the event’s). See docs/notifications.md "Webhooks".';

const HEADERS = [
  {
    name: WEBHOOK_HEADERS.id,
    description: 'The delivery’s id: the same for each attempt and replay of one delivery.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: WEBHOOK_HEADERS.timestamp,
    description: 'When this attempt was signed, in unix seconds (the `t` of the signature).',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: WEBHOOK_HEADERS.signature,
    description:
      '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed by the endpoint’s secret>`.',
    schema: { type: 'string', pattern: '^t=[0-9]+,v1=[0-9a-f]{64}$' },
  },
].map((header) => ({ ...header, in: 'header', required: true }));

/** The body of one event type's delivery: the event as `fleetEventSchema` gives it, its payload typed. */
function envelopeOf(type: WebhookEventType) {
  const schema = z.object({
    id: z.string().meta({ description: 'The event’s id: the same in every delivery of this event.' }),
    type: z.literal(type),
    version: z.literal(FLEET_EVENT_VERSION),
    occurredAt: z.string().meta({ description: 'When it happened (ISO 8601, UTC).' }),
    data: FLEET_EVENT_PAYLOADS[type],
  });
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12' });
  return json;
}

const operationId = (type: string) =>
  `${type.replace(/[.-](\w)/g, (_, letter: string) => letter.toUpperCase())}Event`;

/** The document's `webhooks` (OpenAPI 3.1): one operation per event type an endpoint may receive. */
export function webhookDocs(): Record<string, unknown> {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: operationId(type),
          summary: `The event ${type}, sent to the endpoints subscribed to it`,
          description: DESCRIPTION,
          tags: ['webhooks'],
          security: [],
          parameters: HEADERS,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: envelopeOf(type) } },
          },
          responses: {
            '200': { description: 'Received: any 2xx answer marks the delivery delivered' },
            '400': { description: 'Refused (a bad signature, say): sent again later, as any other answer' },
          },
        },
      },
    ]),
  );
}
