/**
 * The mail providers the outbox is delivered through. One real HTTP provider, Resend
 * (https://resend.com/docs/api-reference/emails/send-email), chosen when RESEND_API_KEY is set, and a
 * `log` provider for local runs that want rows marked sent (EMAIL_PROVIDER=log). Without either, nothing
 * is sent and the outbox stays what it was before delivery existed: readable, every row pending.
 */

/** One outbox row on its way out. */
export interface OutgoingEmail {
  /** The outbox row id. */
  id: number;
  /**
   * The provider's idempotency key: the same for every attempt of this row, so a retried request never
   * sends twice, and unique per deployment (see `outboxReference`), so two deployments or a reset local
   * database sharing one Resend account never take each other's e-mails for replays.
   */
  reference: string;
  /** The company's name, shown as the sender's name. */
  fromName: string;
  to: string;
  subject: string;
  text: string;
}

/**
 * What the provider answered.
 * - `retry`: worth another attempt later (network, 429, quota, 5xx, an idempotent request still in
 *   flight); `retryAfterSeconds` when the provider said how long to wait. `account` marks a problem of the
 *   deployment's own provider account (key, sender domain) that the owner must fix: tried a few times,
 *   never a reason to suppress anybody.
 * - `rejected`: the recipient address was refused for good (it gets suppressed).
 * - `failed`: refused for good for a reason that is not the recipient's (the message, the sender, a key
 *   reused for another message).
 */
export type DeliveryResult =
  | { status: 'sent'; providerId: string | null }
  | { status: 'retry'; error: string; retryAfterSeconds?: number; account?: boolean }
  | { status: 'rejected' | 'failed'; error: string };

export interface EmailProvider {
  name: string;
  send(email: OutgoingEmail): Promise<DeliveryResult>;
}

const RESEND_URL = 'https://api.resend.com/emails';
/** Resend refuses requests without a User-Agent (403). */
export const EMAIL_USER_AGENT = 'ambassador-portal/0.1 (+https://github.com/ambassador-portal)';
/** Resend's shared sender for trying an account out; a real deployment sets EMAIL_FROM on its own domain. */
const DEFAULT_FROM = 'Portal <onboarding@resend.dev>';
const TIMEOUT_MS = 15_000;

let emailFetch: typeof fetch = (input, init) => fetch(input, init);

/** Test seam: the provider's HTTP client (the only outside party the worker tests stub). `null` restores fetch. */
export function setEmailFetch(f: typeof fetch | null) {
  emailFetch = f ?? ((input, init) => fetch(input, init));
}

/** The provider the environment configures, or null when e-mail is not sent from this deployment. */
export function emailProviderFor(env: Env): EmailProvider | null {
  if (env.RESEND_API_KEY) return resendProvider(env.RESEND_API_KEY, env.EMAIL_FROM || DEFAULT_FROM);
  if (env.EMAIL_PROVIDER === 'log') return logProvider;
  return null;
}

const logProvider: EmailProvider = {
  name: 'log',
  async send(email) {
    console.log(`email (log provider) #${email.id} (${email.reference}) to ${email.to}: ${email.subject}`);
    return { status: 'sent', providerId: `log-${email.id}` };
  },
};

function resendProvider(apiKey: string, defaultFrom: string): EmailProvider {
  return {
    name: 'resend',
    async send(email) {
      let res: Response;
      try {
        res = await emailFetch(RESEND_URL, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${apiKey}`,
            'content-type': 'application/json',
            'user-agent': EMAIL_USER_AGENT,
            'idempotency-key': email.reference,
          },
          body: JSON.stringify({
            from: senderFor(defaultFrom, email.fromName),
            to: [email.to],
            subject: email.subject,
            text: email.text,
            // A unique reference keeps mail clients from folding look-alike e-mails (two reset codes) into one thread.
            headers: { 'X-Entity-Ref-ID': email.reference },
          }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (err) {
        return { status: 'retry', error: `network: ${err instanceof Error ? err.message : String(err)}` };
      }
      const answer = (await res.json().catch(() => ({}))) as { id?: unknown; name?: unknown; message?: unknown };
      if (res.ok) return { status: 'sent', providerId: typeof answer.id === 'string' ? answer.id : null };
      const name = typeof answer.name === 'string' ? answer.name : '';
      const detail = typeof answer.message === 'string' ? answer.message : res.statusText;
      return classifyResend(res.status, name, detail, res.headers.get('retry-after'));
    },
  };
}

/** Resend's documented error names (https://resend.com/docs/api-reference/errors) by what they mean for an e-mail. */
const RESEND_ERRORS: Record<string, 'account' | 'message' | 'later' | 'conflict' | 'recipient'> = {
  // The deployment's account or configuration: the owner fixes the key or the sender's domain.
  missing_api_key: 'account', restricted_api_key: 'account', invalid_api_key: 'account', invalid_from_address: 'account',
  invalid_access: 'account', invalid_region: 'account', not_found: 'account', method_not_allowed: 'account',
  monthly_quota_exceeded: 'account', security_error: 'message',
  // The request itself (validation_error is decided by its status and field below).
  invalid_idempotency_key: 'message', missing_required_field: 'message', invalid_attachment: 'message', invalid_parameter: 'message',
  // Worth the same request again later.
  rate_limit_exceeded: 'later', daily_quota_exceeded: 'later', concurrent_idempotent_requests: 'later',
  application_error: 'later', internal_server_error: 'later',
  // The key was used for another message: sending again could never succeed.
  invalid_idempotent_request: 'conflict',
};

/** A `to` field named in a validation message ("Invalid `to` field...") is the recipient's problem. */
const NAMES_RECIPIENT = /(^|[^a-z])`?to`?\s+(field|address)|invalid\s+`?to`?([^a-z]|$)|recipient/i;

/**
 * A refused Resend request as a delivery result. Only an address Resend refused as the recipient
 * suppresses it; the account's problems (a missing User-Agent, key or verified domain answer 401/403)
 * are retried a few times and never blame the recipient; message problems fail at once; rate limits,
 * quotas, an idempotent request still in flight and server errors are retried with back-off (at least
 * the `Retry-After` Resend sent).
 */
export function classifyResend(status: number, name: string, message: string, retryAfter: string | null): DeliveryResult {
  const error = `${status}${name ? ` ${name}` : ''}${message ? `: ${message}` : ''}`.slice(0, 500);
  const seconds = Number(retryAfter);
  const retryAfterSeconds = retryAfter && Number.isFinite(seconds) && seconds > 0 ? Math.min(Math.ceil(seconds), 43_200) : undefined;
  const kind: 'account' | 'message' | 'later' | 'conflict' | 'recipient' = RESEND_ERRORS[name]
    ?? (name === 'validation_error'
      // 403 validation_error: the account may only send to its owner (no verified domain).
      ? status === 403 ? 'account' : NAMES_RECIPIENT.test(message) ? 'recipient' : 'message'
      : status === 401 || status === 403 ? 'account'
      : status === 408 || status === 429 || status >= 500 ? 'later'
      : status === 409 ? 'later'
      : 'message');
  switch (kind) {
    case 'account': return { status: 'retry', error: `account: ${error}`, account: true, retryAfterSeconds };
    case 'later': return { status: 'retry', error, retryAfterSeconds };
    case 'recipient': return { status: 'rejected', error };
    default: return { status: 'failed', error };
  }
}

/** `"Company" <address of EMAIL_FROM>`: each tenant's e-mails carry its own name on the one verified sender. */
function senderFor(defaultFrom: string, companyName: string): string {
  const address = /<([^>]+)>\s*$/.exec(defaultFrom)?.[1] ?? defaultFrom.trim();
  const name = companyName.replace(/[\r\n"\\]/g, ' ').trim();
  return name ? `"${name}" <${address}>` : defaultFrom;
}
