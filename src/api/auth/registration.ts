import { Hono } from 'hono';
import { t } from '../../lib/i18n';
import { resolveCustomization } from '../../lib/schemas/customization';
import { FORM_NAMES, registrationConfig, registrationSchema, type RegistrationInput } from '../../lib/schemas/registration';
import { companyFromRequest, newShortCode, sendCodeEmail } from './codes';
import { issueToken } from './login';
import { botCheckFor, passesBotCheck } from './bot-check';
import { isoIn, isoNow, newUid, randomToken } from '../core/crypto';
import {
  findGroupByUid, findLiveClientSession, insertAccount, insertClientSession, listCompanyHosts, listJoinableCampaigns,
  useClientSession,
} from './queries';
import { findCompany, listCustomizations, listGroups, normalizeHost, type CompanyRow } from '../portal/queries';
import { findUser, findUserByEmail } from './user-queries';
import { ApiError, fieldError } from '../core/errors';
import { safeJson } from '../profile/view';
import { clientLimit, enforce, REGISTER_LIMITS } from '../core/rate-limit';
import type { ApiContext, ApiEnv } from '../core/types';
import { readBody } from '../core/validate';

const CLIENT_SESSION_TTL_MS = 30 * 60 * 1000;
const SHARE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newShareCode() {
  const bytes = crypto.getRandomValues(new Uint8Array(7));
  return [...bytes].map((b) => SHARE_CODE_ALPHABET[b & 31]).join('');
}

/** The company-level settings (registration is not tied to a campaign). */
async function companySettings(db: D1Database, companyId: string) {
  const rows = await listCustomizations(db, companyId);
  return resolveCustomization(rows.find((r) => r.campaign_id === null)?.settings);
}

/**
 * registration_page_redirect, only when it stays on the site: a path, or an http(s) URL on one of the
 * company's own hosts. Anything else is ignored (never an open redirect).
 */
export function safeRedirect(target: string | null | undefined, companyHosts: string[]): string | null {
  if (!target) return null;
  if (target.startsWith('/')) return target.startsWith('//') || target.startsWith('/\\') ? null : target;
  try {
    const url = new URL(target);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password) return null;
    return companyHosts.includes(normalizeHost(url.host)) ? url.href : null;
  } catch {
    return null;
  }
}

const isUniqueViolation = (err: unknown, what: string) => String((err as Error)?.message ?? err).includes(`UNIQUE constraint failed: ${what}`);

async function checkSession(c: ApiContext, company: CompanyRow) {
  const uid = c.req.header('x-client-session-id')?.trim() ?? '';
  if (!/^cs-[a-f0-9]{16,64}$/.test(uid) || !(await findLiveClientSession(c.env.DB, company.id, uid, isoNow()))) {
    throw new ApiError('bad_request', t('en', 'registrationSessionExpired'));
  }
  return uid;
}

export const registration = new Hono<ApiEnv>()
  // POST /v1/auth/session/ - start a registration session: {client_session_uid}
  .post('/auth/session/', async (c) => {
    const company = await companyFromRequest(c);
    const uid = `cs-${randomToken(16)}`;
    const expiresAt = isoIn(CLIENT_SESSION_TTL_MS);
    await insertClientSession(c.env.DB, company.id, uid, expiresAt);
    return c.json({ client_session_uid: uid, expires_at: expiresAt }, 201);
  })
  // POST /v1/companies/{company}/register/ - create an ambassador account (headers X-Client-Session-Id, X-Client-Request-Id)
  .post('/companies/:company/register/', async (c) => {
    const company = await findCompany(c.env.DB, c.req.param('company'));
    if (!company) throw new ApiError('not_found', 'Invalid company.');
    await enforce(c.env.DB, await clientLimit(c, 'register', REGISTER_LIMITS.client));
    const requestId = c.req.header('x-client-request-id')?.trim();
    if (requestId) c.header('X-Client-Request-Id', requestId.slice(0, 128));
    const sessionUid = await checkSession(c, company);

    const [settings, groups] = await Promise.all([companySettings(c.env.DB, company.id), listGroups(c.env.DB, company.id)]);
    const schema = registrationSchema(registrationConfig(settings, {
      groups: groups.map((g) => ({ uid: g.uid, name: g.name })),
      ambassador_state_type: company.ambassador_state_type,
      ambassador_state_choices: safeJson(company.ambassador_state_choices, []),
    }));
    const input = (await readBody(c, schema)) as RegistrationInput;

    if (company.recaptcha_enabled) {
      const token = input.recaptchaToken?.trim();
      const verdict = token ? await botCheckFor(c.env).verify(token, 'register', c.req.header('cf-connecting-ip')) : null;
      if (!verdict || !passesBotCheck(verdict)) {
        throw new ApiError('bad_request', t('en', 'botCheckFailed'));
      }
    }
    if (await findUserByEmail(c.env.DB, company.id, input.email)) throw fieldError(FORM_NAMES.email, 'emailTaken');
    const groupId = input.group ? (await findGroupByUid(c.env.DB, company.id, input.group))?.id ?? null : null;

    // The session is spent only by a request that passed validation (a form with errors can be sent again).
    if (!(await useClientSession(c.env.DB, company.id, sessionUid, isoNow()))) {
      throw new ApiError('bad_request', t('en', 'registrationSessionExpired'));
    }

    const campaigns = await listJoinableCampaigns(c.env.DB, company.id);
    const custom = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => `custom${i + 1}` as const)
        .map((k) => [k, (input as Record<string, unknown>)[k]])
        .filter(([, v]) => v),
    ) as Record<string, string>;
    let userId: number | null = null;
    let ambassadorUid = '';
    for (let attempt = 0; attempt < 4 && userId === null; attempt++) {
      ambassadorUid = newUid('amb');
      try {
        userId = await insertAccount(c.env.DB, {
          companyId: company.id,
          email: input.email,
          passwordHash: null,
          firstName: input.firstName ?? '',
          lastName: input.lastName ?? '',
          ambassadorUid,
          shareCode: newShareCode(),
          loyaltyAccess: settings.register.set_contact_loyalty_on_register,
          profile: {
            phone: input.phone ?? null, company_name: input.company ?? null, job_title: input.jobTitle ?? null,
            street: input.street ?? null, city: input.city ?? null, state: input.state ?? null, zip: input.zip ?? null,
            country: input.country ?? null, date_of_birth: input.dateOfBirth ?? null, paypal_email: input.paypalEmail ?? null,
            group_id: groupId,
          },
          customFields: custom,
          campaigns: campaigns.map((campaignId) => ({ campaignId, shareLinkUid: newUid('sl'), shortCode: newShortCode() })),
        });
      } catch (err) {
        if (isUniqueViolation(err, 'users.')) throw fieldError(FORM_NAMES.email, 'emailTaken');
        // A share code or short code collided: try again with new random ones.
        if (!isUniqueViolation(err, '')) throw err;
      }
    }
    if (userId === null) throw new ApiError('internal', 'Failed to create the account.');
    const user = (await findUser(c.env.DB, company.id, userId))!;
    await sendCodeEmail(c, company, user, 'set_password', 'welcome');

    const redirect = safeRedirect(settings.register.redirect, await listCompanyHosts(c.env.DB, company.id));
    const autoLogin = settings.portal_auto_login;
    const session = autoLogin ? await issueToken(c.env.DB, company.id, user.id) : null;
    return c.json({
      detail: t('en', 'registerAccount'),
      account: { userid: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name },
      ambassador_uid: ambassadorUid,
      company_id: company.id,
      auto_login: autoLogin,
      redirect,
      ...(session ? { token: session.token, expires_at: session.expiresAt } : {}),
    }, 201);
  });
