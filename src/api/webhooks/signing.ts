/**
 * Standard Webhooks (https://www.standardwebhooks.com/): a message is signed as
 * `HMAC-SHA256(secret, "${id}.${timestamp}.${body}")`, sent in the headers `webhook-id`,
 * `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,<base64>`; space-separated when a
 * secret rotates). Secrets are `whsec_` + base64 of 24–64 random bytes. The same code verifies incoming
 * ones (an e-mail provider's bounce events use the scheme too).
 */
const encoder = new TextEncoder();
const PREFIX = 'whsec_';

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

/** A new signing secret, `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(32)));
}

async function hmacKey(secret: string): Promise<CryptoKey> {
  const raw = fromBase64(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret);
  return crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/** The `webhook-signature` value for one message. */
export async function signWebhook(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(`${id}.${timestamp}.${body}`));
  return `v1,${toBase64(new Uint8Array(mac))}`;
}

/** The three headers of a signed message; several secrets (a rotation) give space-separated signatures. */
export async function webhookHeaders(secret: string | string[], id: string, timestamp: number, body: string): Promise<Record<string, string>> {
  const secrets = Array.isArray(secret) ? secret : [secret];
  const signatures = await Promise.all(secrets.map((s) => signWebhook(s, id, timestamp, body)));
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatures.join(' '),
  };
}

/**
 * True when one of the `v1,` signatures matches and the timestamp is within `toleranceSeconds` of now
 * (replay protection). Comparison is constant-time (`crypto.subtle.verify`).
 */
export async function verifyWebhook(
  secret: string, headers: Headers, body: string, now = Date.now(), toleranceSeconds = 300,
): Promise<boolean> {
  const id = headers.get('webhook-id') ?? headers.get('svix-id');
  const timestamp = headers.get('webhook-timestamp') ?? headers.get('svix-timestamp');
  const signatures = headers.get('webhook-signature') ?? headers.get('svix-signature');
  if (!id || !timestamp || !signatures || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  let key: CryptoKey;
  try {
    key = await hmacKey(secret);
  } catch {
    return false;
  }
  const content = encoder.encode(`${id}.${timestamp}.${body}`);
  for (const part of signatures.split(' ')) {
    const [version, value] = part.split(',', 2);
    if (version !== 'v1' || !value) continue;
    let mac: Uint8Array<ArrayBuffer>;
    try {
      mac = fromBase64(value);
    } catch {
      continue;
    }
    if (await crypto.subtle.verify('HMAC', key, mac, content)) return true;
  }
  return false;
}
