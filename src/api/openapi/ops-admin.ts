import { z } from 'zod';
import { addHostSchema, createCompanySchema, createKeySchema } from '../../lib/schemas/operator-admin';
import type { addHost, CompanyView, removeHost } from '../companies/admin';
import type { KeyView } from '../core/operator-key-queries';
import type { Operation } from './operations';
import { components } from './responses';

// The deployment owner's routes: their answers (registered in the document's components) and
// their rows. Every one of them takes `Authorization: Bearer <ADMIN_API_KEY>`, never a company key.

const isoTime = z.string().describe('ISO 8601 UTC time');

export const companySchema = z
  .object({
    id: z.string().describe('The company uid'),
    name: z.string(),
    currency: z.string().describe('ISO 4217 code'),
    default_language: z.string(),
    languages: z.array(z.string()).describe('Languages ambassadors may pick'),
    hosts: z.array(z.string()).describe('Host names the portal is served on'),
    point_name: z.string(),
    support_email: z.string().nullable(),
    portal_uid: z.string().describe('The rewards portal id'),
    active_keys: z.number().int().describe('Company API keys not revoked'),
    created_at: isoTime,
  })
  .strict()
  .register(components, { id: 'Company' });
export const companyAnswer = z.object({ company: companySchema }).strict().register(components, { id: 'CompanyAnswer' });
export const companyListAnswer = z
  .object({ count: z.number().int(), results: z.array(companySchema) })
  .strict()
  .register(components, { id: 'CompanyList' });
export const hostAnswer = z.object({ host: z.string(), company_id: z.string() }).strict().register(components, { id: 'HostAnswer' });

export const apiKeySchema = z
  .object({
    id: z.number().int(),
    company_id: z.string(),
    prefix: z.string().describe('The first characters of the key, to tell keys apart'),
    label: z.string(),
    created_at: isoTime,
    revoked_at: isoTime.nullable(),
  })
  .strict()
  .register(components, { id: 'ApiKey' });
export const newApiKeyAnswer = apiKeySchema
  .extend({
    key: z.string().nullable().describe('The key itself (`Authorization: Bearer opk_...`): in this answer only. null in an Idempotency-Key replay'),
  })
  .strict()
  .register(components, { id: 'NewApiKey' });
export const apiKeyListAnswer = z
  .object({ count: z.number().int(), results: z.array(apiKeySchema) })
  .strict()
  .register(components, { id: 'ApiKeyList' });

// Compile-time: the documented answers are exactly what the services return.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
type _SameAsServices = [
  Expect<Same<z.infer<typeof companySchema>, CompanyView>>,
  Expect<Same<z.infer<typeof hostAnswer>, Awaited<ReturnType<typeof removeHost>>>>,
  Expect<Same<z.infer<typeof hostAnswer>, Omit<Awaited<ReturnType<typeof addHost>>, 'created'>>>,
  Expect<Same<z.infer<typeof apiKeySchema>, KeyView>>,
];

const ADMIN = 'Deployment owner only: `Authorization: Bearer <ADMIN_API_KEY>` (a company key is refused; ADMIN_API_KEY unset: 503). ';
const hostTaken = { hostTaken: 'another company serves this host; `params: { host, company_id }` names it' };
const noCompany = 'Unknown company id';

export const OPERATIONS_ADMIN: Operation[] = [
  {
    method: 'post',
    path: '/v1/operator/companies',
    tag: 'Companies',
    auth: 'owner',
    operationId: 'createCompany',
    summary: 'Create a company',
    description: ADMIN +
      'Creates a tenant whose portal renders at once on each of `hosts`: the company, its customization (the document is ' +
      'checked against the portal\'s own schema, every invalid or unknown setting named as `customization.<path>`; the page ' +
      'title defaults to `name`), its languages (`default_language` always among them) and hosts, in one batch. ' +
      'Campaigns, groups and ambassadors follow with the company\'s own key (`POST /v1/operator/companies/{id}/keys`).',
    body: createCompanySchema,
    example: {
      id: 'northwind',
      name: 'Northwind Outfitters',
      currency: 'USD',
      default_language: 'en',
      languages: ['en', 'es'],
      support_email: 'ambassadors@northwind.example',
      hosts: ['ambassadors.northwind.example'],
      customization: {
        theme: { button_color: '#0b7285', link_color: '#0b7285' },
        login: { login_button_color: '#0b7285', button_text_color: '#ffffff' },
      },
    },
    ok: { status: 201, schema: companyAnswer, description: 'The company' },
    errors: { 409: { companyExists: 'a company has this id', ...hostTaken } },
  },
  {
    method: 'get',
    path: '/v1/operator/companies',
    tag: 'Companies',
    auth: 'owner',
    operationId: 'listCompanies',
    summary: 'List companies',
    description: `${ADMIN}Every company of the deployment with its hosts, languages and number of live API keys, by id.`,
    ok: { status: 200, schema: companyListAnswer, description: 'The companies' },
    errors: {},
  },
  {
    method: 'get',
    path: '/v1/operator/companies/:id',
    tag: 'Companies',
    auth: 'owner',
    operationId: 'getCompany',
    summary: 'Get a company',
    description: `${ADMIN}One company with its hosts, languages and number of live API keys.`,
    ok: { status: 200, schema: companyAnswer, description: 'The company' },
    errors: { 404: noCompany },
  },
  {
    method: 'post',
    path: '/v1/operator/companies/:id/hosts',
    tag: 'Companies',
    auth: 'owner',
    operationId: 'addCompanyHost',
    summary: 'Attach a host',
    description: ADMIN +
      'The portal serves `host` from the next request on (the tenant cache is cleared). A host belongs to one company; ' +
      'lower-cased, without scheme, port or path; an international name is stored in its ASCII (punycode) form. ' +
      'Point the domain at the Worker too (a custom domain or route).',
    body: addHostSchema,
    example: { host: 'partners.northwind.example' },
    ok: { status: 201, schema: hostAnswer, description: 'Attached' },
    alsoOk: { status: 200, description: 'The company already had this host' },
    errors: { 404: noCompany, 409: hostTaken },
  },
  {
    method: 'delete',
    path: '/v1/operator/companies/:id/hosts/:host',
    tag: 'Companies',
    auth: 'owner',
    operationId: 'removeCompanyHost',
    summary: 'Detach a host',
    description: `${ADMIN}The host answers 404 from the next request on.`,
    ok: { status: 200, schema: hostAnswer, description: 'Detached' },
    errors: { 404: 'Unknown company, or the host is not one of its hosts' },
  },
  {
    method: 'post',
    path: '/v1/operator/companies/:id/keys',
    tag: 'Companies',
    auth: 'owner',
    operationId: 'createCompanyKey',
    summary: 'Issue a company API key',
    description: ADMIN +
      'A new `opk_` key acting for this company only. The key is in this answer and nowhere else (only its SHA-256 is ' +
      'stored; `Cache-Control: no-store`): keep it. A replay of the same Idempotency-Key names the key with `key: null`.',
    body: createKeySchema,
    example: { label: 'Shop backend' },
    ok: { status: 201, schema: newApiKeyAnswer, description: 'The key, shown once' },
    errors: { 404: noCompany },
  },
  {
    method: 'get',
    path: '/v1/operator/companies/:id/keys',
    tag: 'Companies',
    auth: 'owner',
    operationId: 'listCompanyKeys',
    summary: 'List a company\'s API keys',
    description: `${ADMIN}Every key of the company, revoked ones too, without the keys themselves.`,
    ok: { status: 200, schema: apiKeyListAnswer, description: 'The keys' },
    errors: { 404: noCompany },
  },
  {
    method: 'delete',
    path: '/v1/operator/companies/:id/keys/:key_id',
    tag: 'Companies',
    auth: 'owner',
    operationId: 'revokeCompanyKey',
    summary: 'Revoke a company API key',
    description: `${ADMIN}The key is refused (401) from the next request on. Revoking it again answers the same.`,
    ok: { status: 200, schema: apiKeySchema, description: 'The revoked key' },
    errors: { 404: 'Unknown company, or no such key of this company' },
  },
];
