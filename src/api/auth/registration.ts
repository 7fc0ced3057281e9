import type { Registered, RegistrationSession } from '../../lib/schemas/accounts';
import { loadCustomization } from '../companies/customization';
import { t } from '../../lib/i18n';
import { inLanguage } from '../../lib/customization-language';
import { browserLanguage } from '../../lib/languages';
import { checkRedirect } from '../../lib/safe-redirect';
import { FORM_NAMES, registrationConfig, registrationSchema, type RegistrationInput } from '../../lib/schemas/registration';
import { companyFor, newCode, newShortCode, sendCodeEmail } from './codes';
import { accountView, issueToken } from './login';
import { botCheckFor, passesBotCheck } from './bot-check';
import { isoIn, isoNow, newUid, randomToken } from '../core/crypto';
import {
  findGroupByUid, findLiveClientSession, insertAccount, insertClientSession, listCompanyHosts, listJoinableCampaigns,
  useClientSession,
} from './queries';
import { findCompany, listGroups } from '../companies/queries';
import { findUser, findUserByEmail } from './user-queries';
import { ApiError, fieldError } from '../core/errors';
import { safeJson } from '../core/views';
import { clientLimit, enforce, REGISTER_LIMITS } from '../core/rate-limit';
import type { ServiceContext } from '../core/types';
import { parseWith } from '../core/validate';
import { ambassadorRegistered } from './events';
import type { CompanyRow } from '../core/rows';

// Registration (spec §3, §7): a short-lived, single-use registration session, then the company's form.

const CLIENT_SESSION_TTL_MS = 30 * 60 * 1000;

/**
 * registration_page_redirect, only when it stays on the site: a path, or an http(s) URL on one of the
 * company's own hosts, as the shared redirect check (src/lib/safe-redirect.ts) reads it. Anything else
 * (other hosts, "//host", backslashes, control characters, userinfo, javascript:) is ignored: never an
 * open redirect.
 */
export function safeRedirect(target: string | null | undefined, companyHosts: string[]): string | null {
  if (!target) return null;
  // Paths resolve against a placeholder origin (the API does not know which host the page is on);
  // absolute URLs must name one of the company's hosts.
  return checkRedirect(target, { origin: 'http://portal.invalid', hosts: companyHosts });
}

const isUniqueViolation = (err: unknown, what: string) => String((err as Error)?.message ?? err).includes(`UNIQUE constraint failed: ${what}`);
/** A new share code that is some link's short code (migration 0028's trigger): drawn again like a UNIQUE clash. */
const isCodeClash = (err: unknown) => String((err as Error)?.message ?? err).includes('share_code_taken');

/** The registration session the call names (header X-Client-Session-Id): live, unused, this company's. */
async function checkSession(svc: ServiceContext, company: CompanyRow, sessionUid: string | null | undefined) {
  const uid = sessionUid?.trim() ?? '';
  if (!/^cs-[a-f0-9]{16,64}$/.test(uid) || !(await findLiveClientSession(svc.db, company.id, uid, isoNow()))) {
    throw new ApiError('bad_request', 'registrationSessionExpired');
  }
  return uid;
}

/** POST /auth/session/?host= - starts a registration session: {client_session_uid, expires_at}. */
export async function startRegistration(svc: ServiceContext, host: string | null): Promise<RegistrationSession> {
  const company = await companyFor(svc, host);
  const uid = `cs-${randomToken(16)}`;
  const expiresAt = isoIn(CLIENT_SESSION_TTL_MS);
  await insertClientSession(svc.db, company.id, uid, expiresAt);
  return { client_session_uid: uid, expires_at: expiresAt };
}

/** The registration form's fields as sent (form names of spec §3), checked against the company's form. */
export type RegistrationFields = Record<string, unknown>;

/**
 * POST /companies/{company}/register/ - creates an ambassador account (header X-Client-Session-Id) and
 * e-mails the set-password link; with portal_auto_login the answer carries a token too.
 */
export async function register(svc: ServiceContext, companyId: string, sessionUid: string | null | undefined, fields: RegistrationFields): Promise<Registered> {
  const company = await findCompany(svc.db, companyId);
  if (!company) throw new ApiError('not_found', 'invalidCompany');
  await enforce(svc.db, await clientLimit(svc, 'register', REGISTER_LIMITS.client));
  const checkedSession = await checkSession(svc, company, sessionUid);

  const [customization, groups] = await Promise.all([loadCustomization(svc.db, company.id).then((c) => c.company), listGroups(svc.db, company.id)]);
  // The page's language (the edge sends it as the request's language): the form's terms are in it, and it is
  // kept as the new account's language, so the welcome e-mail and every later one read as the page did.
  const pageLanguage = browserLanguage(svc.acceptLanguage);
  const settings = inLanguage(customization, pageLanguage ?? customization.default_language);
  const schema = registrationSchema(registrationConfig(settings, {
    groups: groups.map((g) => ({ uid: g.uid, name: g.name })),
    ambassador_state_type: company.ambassador_state_type,
    ambassador_state_choices: safeJson(company.ambassador_state_choices, []),
  }));
  const input = parseWith(schema, fields) as RegistrationInput;

  if (company.recaptcha_enabled) {
    const token = input.recaptchaToken?.trim();
    const verdict = token ? await botCheckFor(svc.env).verify(token, 'register', svc.clientIp ?? undefined) : null;
    if (!verdict || !passesBotCheck(verdict)) throw new ApiError('bad_request', 'botCheckFailed');
  }
  if (await findUserByEmail(svc.db, company.id, input.email)) throw fieldError(FORM_NAMES.email, 'emailTaken');
  const groupId = input.group ? (await findGroupByUid(svc.db, company.id, input.group))?.id ?? null : null;
  // A valid form for a new account: it counts against the accounts this client may create.
  await enforce(svc.db, await clientLimit(svc, 'register:accounts', REGISTER_LIMITS.accounts));

  // The session is spent only by a request that passed validation (a form with errors can be sent again).
  if (!(await useClientSession(svc.db, company.id, checkedSession, isoNow()))) {
    throw new ApiError('bad_request', 'registrationSessionExpired');
  }

  const campaigns = await listJoinableCampaigns(svc.db, company.id);
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
      userId = await insertAccount(svc.db, {
        companyId: company.id,
        email: input.email,
        passwordHash: null,
        firstName: input.firstName ?? '',
        lastName: input.lastName ?? '',
        ambassadorUid,
        shareCode: newCode(7),
        loyaltyAccess: settings.register.set_contact_loyalty_on_register,
        emailUnconfirmed: true,
        language: pageLanguage,
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
      if (!isUniqueViolation(err, '') && !isCodeClash(err)) throw err;
    }
  }
  if (userId === null) throw new ApiError('internal', 'generic');
  const user = (await findUser(svc.db, company.id, userId))!;
  await sendCodeEmail(svc, company, user, 'set_password', 'welcome');
  await ambassadorRegistered(svc, company.id, ambassadorUid, 'registration');

  const redirect = safeRedirect(settings.register.redirect, await listCompanyHosts(svc.db, company.id));
  const autoLogin = settings.portal_auto_login;
  const session = autoLogin ? await issueToken(svc.db, company.id, user.id) : null;
  return {
    detail: t('en', 'registerAccount'),
    account: accountView(user),
    ambassador_uid: ambassadorUid,
    company_id: company.id,
    auto_login: autoLogin,
    redirect,
    ...(session ? { token: session.token, expires_at: session.expiresAt } : {}),
  };
}
