import { z } from 'zod';
import { idempotencyKeySchema } from '../../lib/schemas/operator';
import { isMessageKey } from '../../lib/i18n';
import type { AnyEndpoint } from '../core/endpoint';
import { errorBody } from '../core/errors';
import { endpoints } from '../endpoints';
import { components } from './responses';

/**
 * The OpenAPI 3.1 document of the API (GET /v1/openapi.json), built once per isolate from the table of
 * endpoints (../endpoints.ts), the same objects the Hono routes and the edge's client are made from.
 * Request schemas are `z.toJSONSchema(schema, { io: 'input' })` of the very schemas the routes parse with
 * (input side: what a client sends, before defaults and transforms); answer schemas come from the
 * `components` registry (src/lib/schemas/registry.ts); error examples are made by the API's own
 * `errorBody`, so their English and codes are the real ones.
 *
 * Why a table and not `@hono/zod-openapi`: that package validates with its own validator, which would
 * change how routes read their body (the exact text an Idempotency-Key is kept against, `1e3` refused as
 * an integer, `__proto__` refused, the spec §8 415 body) and add a dependency; zod 4 already emits JSON
 * Schema 2020-12, which is what OpenAPI 3.1 uses.
 */

type Json = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: Json;
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, Json>; securitySchemes: Json; parameters: Json };
} & Json;
export interface OperationObject {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  security: Record<string, string[]>[];
  parameters: Json[];
  requestBody?: { required: boolean; content: Record<string, { schema: Json; example?: unknown }> };
  responses: Record<string, { description: string; headers?: Json; content?: Record<string, Json> }>;
}

const REF = '#/components/schemas/';

/** JSON Schema 2020-12 of a zod schema, as an OpenAPI 3.1 Schema Object (the dialect is set once, top level). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io }) as Json;
  return rest;
}

/** `/v1/commissions/:uid/approve` -> `/v1/commissions/{uid}/approve`. */
export const openApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const ref = (id: string) => ({ $ref: `${REF}${id}` });
const json = (schema: Json, extra: Json = {}) => ({ 'application/json': { schema, ...extra } });
const idOf = (schema: z.ZodType) => {
  const id = components.get(schema)?.id;
  if (!id) throw new Error('answer schema is not registered in the components registry (src/lib/schemas/registry.ts)');
  return id;
};

/** Placeholders of the 409 examples (the texts come from the API's message catalogue). */
const EXAMPLE_PARAMS: Record<string, Record<string, string>> = {
  illegalTransition: { status: 'approved' },
  payoutBelowMinimum: { amount: '12.50', minimum: '20.00' },
};
const example = (code: string, message: string, params?: Record<string, string>) => ({ value: errorBody(code, message, undefined, params) });

/**
 * POST and PATCH honour Idempotency-Key (draft-ietf-httpapi-idempotency-key-header names both); a signed
 * provider event is applied once by its own `webhook-id` instead.
 */
/** Signed by a provider instead of a company key: the e-mail events and the stores' webhooks. */
export const isSigned = (op: Pick<AnyEndpoint, 'auth'>) =>
  op.auth === 'signature' || op.auth === 'stripe' || op.auth === 'shopify' || op.auth === 'paypal';

/** The ambassador API's own callers: a session token, or nobody (log in, portal.json, ...). */
export const isAmbassadorApi = (op: Pick<AnyEndpoint, 'auth'>) => op.auth === 'ambassador' || op.auth === 'public';

/** A key's POST and PATCH, and an ambassador write that declares it (`idempotencyKey`, the redeem routes). */
export const isIdempotent = (op: Pick<AnyEndpoint, 'method' | 'auth' | 'idempotencyKey'>) =>
  op.idempotencyKey === true || (!isSigned(op) && !isAmbassadorApi(op) && op.auth !== 'staff' && (op.method === 'post' || op.method === 'patch'));

/** The media type an operation's body is read as (JSON unless the endpoint says otherwise). */
export const bodyType = (op: Pick<AnyEndpoint, 'contentType'>) => op.contentType ?? 'application/json';

/** The success answer: its schema as JSON (or the media type it names), or no content (a 204). */
function successOf(ok: AnyEndpoint['answer'], headers: Json | undefined): OperationObject['responses'][string] {
  if (!ok.schema) return { description: ok.description, ...(headers && { headers }) };
  const schema = ref(idOf(ok.schema));
  return { description: ok.description, ...(headers && { headers }), content: ok.contentType ? { [ok.contentType]: { schema } } : json(schema) };
}

function responsesOf(op: AnyEndpoint): OperationObject['responses'] {
  const post = isIdempotent(op);
  const owner = op.auth === 'owner';
  const errors = op.errors ?? {};
  const replayed = post
    ? { 'Idempotent-Replayed': { description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key', schema: { type: 'string', enum: ['true'] } } }
    : undefined;
  const out: OperationObject['responses'] = { [op.answer.status]: successOf(op.answer, replayed) };
  if (op.alsoOk) out[op.alsoOk.status] = { description: op.alsoOk.description, headers: replayed, content: json(ref(idOf(op.answer.schema!))) };
  out[400] = {
    description: 'Invalid input: field errors (`{ field: [text], error_codes }`; a key named `__proto__`, `constructor` or ' +
      '`prototype`, at any depth, is the field error `reservedFieldName`), or `{ detail, code }` for invalidJson, ' +
      'jsonObjectRequired' + (post ? ', idempotencyKeyInvalid' : '') +
      (op.method === 'put' || op.method === 'patch' ? ', bodyRequired (no body)' : ''),
    content: json({ anyOf: [ref('FieldErrors'), ref('Error')] }, {
      examples: {
        fields: { value: errorBody('validation', 'invalidInput', { [post ? 'campaign_uid' : 'ambassador_uid']: ['required'] }) },
        invalidJson: example('bad_request', 'invalidJson'),
      },
    }),
  };
  if (op.auth !== 'public') out[401] = op.auth === 'ambassador'
    ? {
      description: 'No token, or a token that is expired, revoked or of another company (codes notAuthenticated, invalidToken)',
      headers: { 'WWW-Authenticate': { description: '`Token realm="ambassador"`', schema: { type: 'string' } } },
      content: json(ref('Error'), { examples: { invalidToken: example('unauthorized', 'invalidToken') } }),
    }
    : op.auth === 'shopify'
    ? {
      description: 'X-Shopify-Hmac-Sha256 does not verify with the company\'s client secret, X-Shopify-Shop-Domain is another shop, or no secret is set',
      headers: { 'WWW-Authenticate': { description: '`Signature realm="shopify"`', schema: { type: 'string' } } },
      content: json(ref('Error')),
    }
    : op.auth === 'signature'
    ? {
      description: 'The webhook-id, webhook-timestamp or webhook-signature header is missing, the signature does not match the ' +
        'body under RESEND_WEBHOOK_SECRET, or the timestamp is more than 5 minutes from now (code unauthorized)',
      headers: { 'WWW-Authenticate': { description: '`Signature realm="email-events"`', schema: { type: 'string' } } },
      content: json(ref('Error')),
    }
    : op.auth === 'staff'
    ? {
      description: 'No staff token, or one that is expired, revoked, of an inactive account or of another company; an ambassador ' +
        'token is no staff token (codes notAuthenticated, invalidToken)',
      headers: { 'WWW-Authenticate': { description: '`Staff realm="console"`', schema: { type: 'string' } } },
      content: json(ref('Error'), { examples: { invalidToken: example('unauthorized', 'invalidToken') } }),
    }
    : owner
    ? {
      description: 'No key, or not the ADMIN_API_KEY (a company key is refused) (codes notAuthenticated, adminKeyInvalid)',
      headers: { 'WWW-Authenticate': { description: '`Bearer realm="admin"`', schema: { type: 'string' } } },
      content: json(ref('Error'), { examples: { adminKeyInvalid: { value: { detail: 'Invalid admin API key.', code: 'adminKeyInvalid' } } } }),
    }
    : {
      description: 'No key, an unknown or revoked key, or an ambassador token (codes notAuthenticated, operatorKeyInvalid)',
      headers: { 'WWW-Authenticate': { description: '`Bearer realm="operator"`', schema: { type: 'string' } } },
      content: json(ref('Error'), { examples: { operatorKeyInvalid: example('unauthorized', 'operatorKeyInvalid') } }),
    };
  if (op.auth === 'staff') {
    const stage = op.staffStage === 'pending' ? [] : op.staffStage === 'enrolment' ? ['secondFactorRequired'] : ['secondFactorRequired', 'secondFactorEnrolmentRequired'];
    const codes = [...stage, ...(op.roles ? ['roleRequired'] : []), ...(op.roles?.includes('admin') && op.method !== 'get' ? ['ownerRoleRequired'] : [])];
    if (codes.length) {
      out[403] = {
        description: `The session lacks its second factor or the role the call needs (codes ${codes.join(', ')})` +
          (op.roles ? `; roles: ${op.roles.join(', ')}` : ''),
        content: json(ref('Error'), { examples: { [codes[0]!]: example('forbidden', codes[0]!) } }),
      };
    }
  }
  if (errors[404]) {
    out[404] = { description: `${errors[404]} (code notFound)`, content: json(ref('Error'), { examples: { notFound: example('not_found', 'notFound') } }) };
  }
  const conflicts: Record<string, string> = { ...errors[409] };
  if (post) conflicts.idempotencyKeyInFlight = 'the first request with this Idempotency-Key is still running; retry after `Retry-After` seconds';
  if (Object.keys(conflicts).length) {
    out[409] = {
      description: Object.entries(conflicts).map(([code, when]) => `\`${code}\`: ${when}`).join('; '),
      ...(post && { headers: { 'Retry-After': { description: 'Seconds (idempotencyKeyInFlight)', schema: { type: 'integer' } } } }),
      content: json(ref('Error'), {
        // A catalogue key shows its English text; a code of the owner's API (hostTaken, ...) its description.
        examples: Object.fromEntries(Object.entries(conflicts).map(([code, when]) => [
          code, isMessageKey(code) ? example('conflict', code, EXAMPLE_PARAMS[code]) : { value: { detail: when, code } },
        ])),
      }),
    };
  }
  if (errors[429]) {
    out[429] = {
      description: `${errors[429]} (codes tooManyAttempts, tooManyRegistrations)`,
      headers: { 'Retry-After': { description: 'Seconds until the limit allows another try', schema: { type: 'integer' } } },
      content: json(ref('Error'), { examples: { tooManyAttempts: example('rate_limited', 'tooManyAttempts', { seconds: '60' }) } }),
    };
  }
  if (op.body) {
    out[413] = {
      description: `The request is larger than the API takes (6 MB for any request, code requestTooLarge)${op.tooLarge ? `; ${op.tooLarge}` : ''}`,
      content: json(ref('Error'), { examples: { requestTooLarge: example('payload_too_large', 'requestTooLarge') } }),
    };
    out[415] = {
      description: `The body is not sent as \`${bodyType(op)}\` (code unsupportedMediaType, \`params.type\` names what to send)`,
      content: json(ref('Error'), { examples: { unsupportedMediaType: example('unsupported_media_type', 'unsupportedMediaType', { type: bodyType(op) }) } }),
    };
  }
  if (post) {
    out[422] = {
      description: '`idempotencyKeyReused`: this Idempotency-Key was used with another request (method, path or body)',
      content: json(ref('Error'), { examples: { idempotencyKeyReused: example('unprocessable', 'idempotencyKeyReused') } }),
    };
  }
  if (owner) {
    out[503] = {
      description: 'The deployment owner\'s API is off: ADMIN_API_KEY is not set (or too weak) (code adminKeyNotConfigured)',
      content: json(ref('Error'), { examples: { adminKeyNotConfigured: { value: { detail: 'The deployment owner\'s API is off: set ADMIN_API_KEY.', code: 'adminKeyNotConfigured' } } } }),
    };
  }
  if (op.auth === 'paypal') {
    // PayPal retries any answer but a 2xx: a delivery that does not verify is a 400, nothing changed.
    delete out[401];
    out[400] = { description: 'PayPal did not answer SUCCESS to verify-webhook-signature for this delivery and the company\'s webhook id (or PayPal is not connected, or a transmission header is missing)', content: json(ref('Error')) };
    out[502] = { description: 'PayPal could not be asked to verify the delivery (it retries later)', content: json(ref('Error')) };
  }
  if (op.auth === 'stripe') {
    // Stripe reads any 4xx as a failed delivery: a bad or missing Stripe-Signature is a 400, as its docs show.
    delete out[401];
    out[400] = { description: 'Stripe-Signature does not verify with the company\'s signing secret (or none is set), or the body is not a Stripe event', content: json(ref('Error')) };
  }
  return out;
}

function parametersOf(op: AnyEndpoint): Json[] {
  const params: Json[] = [...op.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
    name: m[1], in: 'path', required: true, schema: { type: 'string' },
  }));
  if (op.query) {
    const schema = jsonSchemaOf(op.query) as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, prop] of Object.entries(schema.properties ?? {})) {
      params.push({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: prop });
    }
  }
  if (isIdempotent(op)) params.push({ $ref: '#/components/parameters/IdempotencyKey' });
  if (op.auth === 'signature') {
    params.push(
      { name: 'webhook-id', in: 'header', required: true, schema: { type: 'string' }, description: 'The event\'s id (Svix sends it as `svix-id`, also accepted); an id already applied answers 200 with `result: "duplicate"` and changes nothing' },
      { name: 'webhook-timestamp', in: 'header', required: true, schema: { type: 'string', pattern: '^\\d{1,12}$' }, description: 'Unix seconds; refused more than 5 minutes away from now (`svix-timestamp`)' },
      { name: 'webhook-signature', in: 'header', required: true, schema: { type: 'string' }, description: 'Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>` (`svix-signature`)' },
    );
  }
  if (op.auth === 'stripe') {
    params.push({ name: 'Stripe-Signature', in: 'header', required: true, schema: { type: 'string' }, description: '`t=<unix seconds>,v1=<hex HMAC-SHA256 of t.body>` (several v1 while a secret rolls); refused more than 300 s from now' });
  }
  if (op.auth === 'paypal') {
    params.push(...['PAYPAL-TRANSMISSION-ID', 'PAYPAL-TRANSMISSION-TIME', 'PAYPAL-TRANSMISSION-SIG', 'PAYPAL-CERT-URL', 'PAYPAL-AUTH-ALGO'].map((name) => (
      { name, in: 'header', required: true, schema: { type: 'string' }, description: 'As PayPal sends it; passed to PayPal\'s verify-webhook-signature with the company\'s webhook id' })));
  }
  if (op.auth === 'shopify') {
    params.push(
      { name: 'X-Shopify-Hmac-Sha256', in: 'header', required: true, schema: { type: 'string' }, description: 'Base64 HMAC-SHA256 of the raw body with the app\'s client secret' },
      { name: 'X-Shopify-Topic', in: 'header', required: true, schema: { type: 'string' }, description: '`orders/paid` and `refunds/create` are acted on' },
      { name: 'X-Shopify-Webhook-Id', in: 'header', required: true, schema: { type: 'string' }, description: 'An id already applied answers 200 with `result: "duplicate"`' },
    );
  }
  return params;
}

function operationOf(op: AnyEndpoint): OperationObject {
  const out: OperationObject = {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: op.description,
    security: isSigned(op) || op.auth === 'public' ? []
      : op.auth === 'ambassador' ? [{ tokenAuth: [] }] : op.auth === 'staff' ? [{ staffAuth: [] }] : [{ bearerAuth: [] }],
    parameters: parametersOf(op),
    responses: responsesOf(op),
  };
  if (op.body) {
    const schema = jsonSchemaOf(op.body);
    // A CSV or multipart body is the whole request, and a PUT or PATCH must send one; a JSON object is
    // required when it has required fields.
    const required = op.contentType !== undefined || op.method === 'put' || op.method === 'patch' ||
      ((schema.required as string[] | undefined) ?? []).length > 0;
    out.requestBody = { required, content: { [bodyType(op)]: { schema, ...(op.example && { example: op.example }) } } };
  }
  return out;
}

function build(): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const ep of Object.values(endpoints)) (paths[openApiPath(`/v1${ep.path}`)] ??= {})[ep.method] = operationOf(ep);
  const { schemas } = z.toJSONSchema(components, { uri: (id) => `${REF}${id}` });
  for (const s of Object.values(schemas)) {
    delete s.$schema;
    delete s.$id;
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/', description: 'This portal: the host that serves this document' }],
    info: {
      title: 'Ambassador portal API',
      version: '1',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      description:
        'Three APIs. The ambassador API (spec §7) is what the portal\'s pages call for a signed-in ambassador, with ' +
        '`Authorization: Token <token>` as POST /v1/auth/ambassador/ answers it (POST /v1/auth/logout/ revokes it); logging ' +
        'in, registering, passwords, portal.json and the share links\' redirects are public. The operator API, under ' +
        '/v1/operator, is server to server: a company\'s store reports conversions; its back office approves, refunds and ' +
        'pays commissions. Authenticate with a company operator key (`Authorization: Bearer opk_...`); a key acts on its own ' +
        'company only, so another company\'s uids answer 404. The console\'s staff API, under /v1/staff on a company\'s own ' +
        'host, is for the company\'s staff: `Authorization: Staff <token>` as POST /v1/staff/sessions/ answers it, complete once ' +
        'its second factor is given (403 until then where one is needed), each call open to the roles it names (else 403 ' +
        '`roleRequired`). Requests send money as decimals in the company currency ' +
        '("49.99"); answers give integer minor units beside `currency`; a field the schemas type `integer` takes a JSON ' +
        'number that is a whole number (never "500", "5e2", "0x1f4", [500] or 500.5). Every operator POST and PATCH, and ' +
        'each ambassador write that lists it, accepts an `Idempotency-Key` ' +
        '(IETF draft-ietf-httpapi-idempotency-key-header). A body is sent as its operation declares (JSON: ' +
        '`Content-Type: application/json`; else 415). A path the API does not have answers 404, a method a path does not ' +
        'have 405 with `Allow` (OPTIONS: 204 with `Allow`), before any key is checked; every 401 carries `WWW-Authenticate`.',
    },
    tags: [
      { name: 'Accounts', description: 'Log in, single sign-on, registration, passwords by e-mailed code and the bot check (public); the signed-in ambassador\'s password change and log out' },
      { name: 'Portal', description: 'The public record of the company serving a host (the edge\'s tenant lookup)' },
      { name: 'Profile', description: 'The signed-in ambassador\'s user record, profile, notification settings and account state; unsubscribe links (ambassador API)' },
      { name: 'Earnings', description: 'The signed-in ambassador\'s payouts to come (ambassador API, `Authorization: Token`)' },
      { name: 'Stats', description: 'The signed-in ambassador\'s numbers, graph and recent activity (ambassador API)' },
      { name: 'Tables', description: 'The signed-in ambassador\'s data tables (commissions, payouts, activity; JSON or CSV) and activity detail (ambassador API)' },
      { name: 'Tasks', description: 'The signed-in ambassador\'s loyalty tasks, and the tasks they click (ambassador API)' },
      { name: 'Sharing', description: 'The signed-in ambassador\'s share links, share tracking, assets and personal codes; where a share link leads and its clicks (public, for the edge\'s redirects)' },
      { name: 'Rewards', description: 'The signed-in ambassador\'s gift-card catalogue, vault, redemptions (with Idempotency-Key) and rewards ledger' },
      { name: 'Conversions', description: 'Purchases made through an ambassador\'s link, and their refunds' },
      { name: 'Commissions', description: 'Approve and deny (illegal transitions answer 409 illegalTransition)' },
      { name: 'Payouts', description: 'Paying ambassadors after the holding period and above the minimum' },
      { name: 'Loyalty', description: 'Points and cash ledgers, redemptions the company fulfils itself, and the scheduled loyalty job' },
      { name: 'Companies', description: 'The deployment owner (ADMIN_API_KEY): companies, hosts and company API keys' },
      { name: 'Customization', description: 'The company\'s portal customization document (spec §3, §9)' },
      { name: 'Campaigns', description: 'Campaigns and groups' },
      { name: 'Programs', description: 'Tiers, badges, tasks and the rewards catalogue' },
      { name: 'Ambassadors', description: 'Ambassadors: create, invite, import from CSV, deactivate, move' },
      { name: 'Assets', description: 'Campaign assets (files in R2)' },
      { name: 'Webhooks', description: 'Signed outgoing webhooks (Standard Webhooks), delivery log and replay' },
      { name: 'Attribution', description: 'Sales that find their ambassador: Stripe and Shopify webhooks, the lead/sale API, and the secrets that verify them' },
      { name: 'Retention', description: 'Raw clicks past the company\'s retention window: archived to R2 as gzip NDJSON per month, read back, then deleted' },
      { name: 'E-mail', description: 'Addresses the portal stopped e-mailing after a bounce, complaint or refusal, lifting them, and the mail provider\'s signed events that add them' },
      { name: 'Audit log', description: 'Every write of a key or a staff member as a hash chain per company: the entries, their CSV and the chain check' },
      { name: 'Console staff', description: 'A company\'s staff signing in to its console (password and TOTP second factor), their sessions and the team\'s roles (`Authorization: Staff`)' },
    ],
    paths,
    components: {
      schemas: schemas as Record<string, Json>,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'opk_...', description: 'A company operator API key' },
        tokenAuth: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'An ambassador session: `Token <token>` as POST /v1/auth/ambassador/ answers it' },
        staffAuth: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'A console staff session: `Staff <token>` as POST /v1/staff/sessions/ answers it' },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Same key and same request: the stored answer (`Idempotent-Replayed: true`). Same key, other request: 422. ' +
            'The first request still running: 409 with `Retry-After`. Only successful answers are stored. A UUID is recommended. ' +
            'The value is an RFC 8941 sf-string: `"k"` (quoted, `\\"` and `\\\\` escaped) and a bare `k` are the same key; ' +
            'anything else (empty, control characters, an unterminated quote, parameters) is a 400 idempotencyKeyInvalid.',
          schema: jsonSchemaOf(idempotencyKeySchema),
          example: '9f0c1e0a-order-1001',
        },
      },
    },
  };
}

let cached: OpenApiDocument | undefined;
/**
 * The document (built on first use, then kept for the isolate's life). `origin` (the host that serves it)
 * becomes its server, so a client or viewer calls the portal it read the document from.
 */
export const openApiDocument = (origin?: string): OpenApiDocument => {
  const doc = (cached ??= build());
  return origin ? { ...doc, servers: [{ url: origin, description: 'This portal' }] } : doc;
};
