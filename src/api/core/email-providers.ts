/**
 * The mail providers the outbox is delivered through. One real HTTP provider, Resend
 * (https://resend.com/docs/api-reference/emails/send-email), chosen when RESEND_API_KEY is set, and a
 * `log` provider for local runs that want rows marked sent (EMAIL_PROVIDER=log). Without either, nothing
 * is sent and the outbox stays what it was before delivery existed: readable, every row pending.
 */

/** One outbox row on its way out. */
export interface OutgoingEmail {
  /** The outbox row id: the provider's idempotency key, so a retried request never sends twice. */
  id: number;
  /** The company's name, shown as the sender's name. */
  fromName: string;
  to: string;
  subject: string;
  text: string;
}

/**
 * What the provider answered. `retry`: worth another attempt later (network, 429, 5xx, an account
 * problem the owner can fix); `rejected`: the recipient was refused for good (the address gets
 * suppressed); `failed`: refused for good for a reason that is not the recipient's (e.g. the sender).
 */
export type DeliveryResult =
  | { status: 'sent'; providerId: string | null }
  | { status: 'retry' | 'rejected' | 'failed'; error: string };

export interface EmailProvider {
  name: string;
  send(email: OutgoingEmail): Promise<DeliveryResult>;
}

const RESEND_URL = 'https://api.resend.com/emails';
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
    console.log(`email (log provider) #${email.id} to ${email.to}: ${email.subject}`);
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
            'idempotency-key': `outbox-${email.id}`,
          },
          body: JSON.stringify({
            from: senderFor(defaultFrom, email.fromName),
            to: [email.to],
            subject: email.subject,
            text: email.text,
            // A unique reference keeps mail clients from folding look-alike e-mails (two reset codes) into one thread.
            headers: { 'X-Entity-Ref-ID': `outbox-${email.id}` },
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
      const error = `${res.status}${name ? ` ${name}` : ''}${detail ? `: ${detail}` : ''}`.slice(0, 500);
      return { status: classify(res.status, `${name} ${detail}`), error };
    },
  };
}

/**
 * Resend's answers (https://resend.com/docs/api-reference/errors): 422 is a field it refuses; when that
 * field is not the sender, it is the recipient. 401/403 are the account's (bad key, unverified domain):
 * retried, so fixing the key lets the e-mail through, and given up after the last attempt.
 */
function classify(status: number, what: string): 'retry' | 'rejected' | 'failed' {
  if (status === 401 || status === 403 || status === 408 || status === 409 || status === 429 || status >= 500) return 'retry';
  if (status === 422 && !/from/i.test(what)) return 'rejected';
  return 'failed';
}

/** `"Company" <address of EMAIL_FROM>`: each tenant's e-mails carry its own name on the one verified sender. */
function senderFor(defaultFrom: string, companyName: string): string {
  const address = /<([^>]+)>\s*$/.exec(defaultFrom)?.[1] ?? defaultFrom.trim();
  const name = companyName.replace(/[\r\n"\\]/g, ' ').trim();
  return name ? `"${name}" <${address}>` : defaultFrom;
}
