// The deployment owner's commands (ADMIN_API_KEY): companies, hosts, company API keys.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { adminKey, baseUrl, call, CliError } from './client.mjs';

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A company id from `--company` or the first positional argument. */
function companyOf(args, position = 0) {
  const id = args.company ?? args._[position];
  if (!id) throw new CliError('name the company: <company-id> (or --company <id>)', 2);
  return encodeURIComponent(id);
}

/** The portal address of `host`, on the protocol and port of --url (http://acme2.localhost:8787). */
function portalOrigin(base, host) {
  const url = new URL(base);
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`;
}

const print = (args, json, text) => console.log(args.json ? JSON.stringify(json, null, 2) : text);

/** The customization document of create-company's flags, over --customization <file.json>. */
function customizationOf(args) {
  let doc = {};
  if (args.customization) {
    try {
      doc = JSON.parse(readFileSync(args.customization, 'utf8'));
    } catch (err) {
      throw new CliError(`--customization ${args.customization}: ${err.message}`, 2);
    }
  }
  const color = args['primary-color'];
  if (color !== undefined) {
    if (!HEX_COLOR.test(color)) throw new CliError(`--primary-color must be a hex colour such as '#0b7285', got ${color}`, 2);
    doc = {
      ...doc,
      theme: { ...doc.theme, button_color: color, link_color: color },
      login: { ...doc.login, login_button_color: color, button_text_color: '#ffffff' },
      tabs: { ...doc.tabs, link_color: color },
    };
  }
  if (args.logo) {
    doc = { ...doc, theme: { ...doc.theme, campaign_portal_logo: args.logo }, login: { ...doc.login, logo: args.logo } };
  }
  return Object.keys(doc).length ? doc : undefined;
}

const list = (value) => (value ? value.split(',').map((v) => v.trim()).filter(Boolean) : undefined);

/**
 * POST /companies/{id}/keys, retried under one Idempotency-Key. A retry after a lost answer (timeout, dropped
 * connection) replays the stored answer, which never holds the plain key (`key: null`): that key can never
 * be shown, so it is revoked and one more is made under a new Idempotency-Key, rather than printing "null".
 */
async function issueKey(base, auth, company, label) {
  for (let attempt = 0; attempt < 2; attempt++) {
    const { body } = await call(base, auth, 'POST', `/companies/${company}/keys`, {
      body: { label }, headers: { 'idempotency-key': randomUUID() }, retry: 2,
    });
    if (body.key) return body;
    await call(base, auth, 'DELETE', `/companies/${company}/keys/${body.id}`, { retry: 2 });
  }
  throw new CliError(`the API key of ${decodeURIComponent(company)} was made, but its answer was lost twice; run: npm run operator -- keys create ${decodeURIComponent(company)}`);
}

export async function createCompany(args) {
  const base = baseUrl(args);
  const auth = adminKey();
  if (!args.id || !args.name) throw new CliError('create-company needs --id <company-id> and --name <name>', 2);
  const hosts = list(args.host) ?? [];
  if (!hosts.length) throw new CliError('create-company needs --host <host name> (several: --host a.example,b.example)', 2);
  const body = {
    id: args.id,
    name: args.name,
    hosts,
    ...(args.currency && { currency: args.currency }),
    ...(args.language && { default_language: args.language }),
    ...(args.languages && { languages: list(args.languages) }),
    ...(args['support-email'] && { support_email: args['support-email'] }),
    ...(customizationOf(args) && { customization: customizationOf(args) }),
  };
  const { body: made } = await call(base, auth, 'POST', '/companies', { body, headers: { 'idempotency-key': randomUUID() }, retry: 2 });
  const company = made.company;
  let key;
  try {
    key = await issueKey(base, auth, encodeURIComponent(company.id), args.label ?? 'created by npm run operator');
  } catch (err) {
    throw new CliError(`company ${company.id} was created, but its API key was not: ${err.message}\n  make one with: npm run operator -- keys create ${company.id}`);
  }
  // The first owner's invitation to the console, after the key: a refused invitation leaves the company and key made.
  let invitation = null;
  if (args['owner-email']) {
    try {
      ({ body: invitation } = await call(base, auth, 'POST', `/companies/${encodeURIComponent(company.id)}/staff-invitations`, {
        body: { email: args['owner-email'], role: 'owner' }, headers: { 'idempotency-key': randomUUID() }, retry: 2,
      }));
    } catch (err) {
      console.error(`warning: the console invitation of ${args['owner-email']} was not sent: ${err.message}\n` +
        `  send it with: curl -X POST ${base}/v1/operator/companies/${company.id}/staff-invitations -H "Authorization: Bearer $ADMIN_API_KEY" -d '{"email":"${args['owner-email']}"}'`);
    }
  }
  print(args, { company, key, ...(invitation && { invitation }) }, [
    `Created company ${company.id} (${company.name}, ${company.currency}, languages ${company.languages.join(', ')}).`,
    ...company.hosts.map((host) => `  portal: ${portalOrigin(base, host)}/login`),
    '',
    `API key #${key.id} for ${company.id}. It is shown this once: store it now. It works on the company's own hosts only.`,
    `  ${key.key}`,
    `  export OPERATOR_KEY=${key.key}`,
    `  export PORTAL_URL=${portalOrigin(base, company.hosts[0])}`,
    ...(invitation ? ['', `Invited ${invitation.email} as the first owner of the console: the e-mail links to ` +
      `${portalOrigin(base, company.hosts[0])}/console/accept (valid until ${invitation.expires_at}).`] : []),
  ].join('\n'));
}

export async function companies(args) {
  const [sub = 'list'] = args._;
  const base = baseUrl(args);
  const auth = adminKey();
  if (sub === 'list') {
    const { body } = await call(base, auth, 'GET', '/companies');
    const rows = body.results.map((c) => `${c.id.padEnd(20)} ${c.currency}  ${String(c.active_keys).padStart(2)} key(s)  ${c.name}  [${c.hosts.join(', ')}]`);
    return print(args, body, rows.length ? rows.join('\n') : 'No companies yet.');
  }
  if (sub === 'show') {
    const { body } = await call(base, auth, 'GET', `/companies/${companyOf(args, 1)}`);
    const c = body.company;
    return print(args, body, [
      `${c.id}: ${c.name}`, `  currency ${c.currency}, default language ${c.default_language} (${c.languages.join(', ')})`,
      `  hosts: ${c.hosts.join(', ') || '(none)'}`, `  live API keys: ${c.active_keys}`, `  created ${c.created_at}`,
    ].join('\n'));
  }
  throw new CliError(`unknown companies command "${sub}": use companies list | companies show <company-id>`, 2);
}

export async function hosts(args) {
  const [sub, , host] = args._;
  const base = baseUrl(args);
  const auth = adminKey();
  const company = companyOf(args, 1);
  if ((sub !== 'add' && sub !== 'remove') || !host) throw new CliError('use: hosts add <company-id> <host> | hosts remove <company-id> <host>', 2);
  if (sub === 'add') {
    const res = await call(base, auth, 'POST', `/companies/${company}/hosts`, { body: { host }, headers: { 'idempotency-key': randomUUID() }, retry: 2 });
    const note = res.status === 201 ? 'now serves' : 'already served';
    return print(args, res.body, `${res.body.host} ${note} company ${res.body.company_id}: ${portalOrigin(base, res.body.host)}/login`);
  }
  const res = await call(base, auth, 'DELETE', `/companies/${company}/hosts/${encodeURIComponent(host)}`);
  return print(args, res.body, `${res.body.host} no longer serves company ${res.body.company_id}.`);
}

export async function keys(args) {
  const [sub] = args._;
  const base = baseUrl(args);
  const auth = adminKey();
  const company = companyOf(args, 1);
  if (sub === 'create') {
    const body = await issueKey(base, auth, company, args.label ?? '');
    return print(args, body, `API key #${body.id} for ${body.company_id}. It is shown this once: store it now.\n  ${body.key}`);
  }
  if (sub === 'list') {
    const { body } = await call(base, auth, 'GET', `/companies/${company}/keys`);
    const rows = body.results.map((k) =>
      `#${String(k.id).padEnd(5)} ${k.prefix}…  ${k.revoked_at ? `revoked ${k.revoked_at}` : 'live'}  created ${k.created_at}  ${k.label}`);
    return print(args, body, rows.length ? rows.join('\n') : 'No keys yet.');
  }
  if (sub === 'revoke') {
    const id = args._[2];
    if (!id) throw new CliError('use: keys revoke <company-id> <key-id> (the #id of keys list)', 2);
    const { body } = await call(base, auth, 'DELETE', `/companies/${company}/keys/${encodeURIComponent(id.replace(/^#/, ''))}`);
    return print(args, body, `Key #${body.id} (${body.prefix}…) of ${body.company_id} is revoked since ${body.revoked_at}.`);
  }
  throw new CliError('use: keys create <company-id> [--label <text>] | keys list <company-id> | keys revoke <company-id> <key-id>', 2);
}
