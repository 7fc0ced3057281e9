import { fromBase64Url, sameBytes, sign, toBase64Url } from '../core/signing';

// Click ids prove themselves. Only the portal mints one (the redirect of /r/<code>, or POST /clicks/ when
// the caller sends none), and each carries what it is for: the share link clicked and when, signed with the
// deployment's secret over the company too. So a store that names a click id with a sale (mbsy_cid) names
// an ambassador the moment the redirect answered, before the click itself reaches D1 through the queue,
// and an id nobody minted (a store's order id, a guess, another company's id, an edited one) is known for
// what it is from its bytes alone, without a database read.
//
//   c1 + base64url( issued (u32, seconds) | nonce (6 bytes) | share link uid (UTF-8) | HMAC (12 bytes) )
//
// The HMAC-SHA256 (truncated to 96 bits: a forgery must be guessed online, one request at a time) covers
// `click-id`, the company and every byte before it. At most 64 characters (clicks.click_uid, the store
// script's cookie): a share link uid of up to CLICK_ID_MAX_LINK_BYTES bytes fits; the portal's own are 19.

const PREFIX = 'c1';
const ISSUED_BYTES = 4;
const NONCE_BYTES = 6;
const MAC_BYTES = 12;
const CLICK_ID_MAX_LINK_BYTES = 23;
/** A click id older than the longest attribution window a company can set (365 days) is no proof of anything. */
const CLICK_ID_MAX_AGE_S = 365 * 86_400;
/** Clocks of two isolates may differ a little; an id from further in the future was not minted here. */
const FUTURE_SLACK_S = 300;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** What a verified click id says. */
export interface ClickIdClaims {
  shareLinkUid: string;
  /** When the redirect minted it (ms since the epoch, whole seconds). */
  issuedAt: number;
}

const macOf = async (env: Env, companyId: string, body: Uint8Array) => {
  const head = encoder.encode(`${companyId}\n`);
  const message = new Uint8Array(head.byteLength + body.byteLength);
  message.set(head);
  message.set(body, head.byteLength);
  const mac = await sign(env, 'click-id', message);
  return mac ? mac.subarray(0, MAC_BYTES) : null;
};

/**
 * A new click id for a visit of `shareLinkUid` in `companyId`, or null when none can be made: the deployment
 * has no signing secret, or the link's uid is too long to carry (the sale is then credited by the share
 * code the landing URL carries too).
 */
export async function mintClickId(env: Env, companyId: string, shareLinkUid: string, now = Date.now()): Promise<string | null> {
  const link = encoder.encode(shareLinkUid);
  if (link.byteLength === 0 || link.byteLength > CLICK_ID_MAX_LINK_BYTES) return null;
  const body = new Uint8Array(ISSUED_BYTES + NONCE_BYTES + link.byteLength);
  new DataView(body.buffer).setUint32(0, Math.floor(now / 1000));
  crypto.getRandomValues(body.subarray(ISSUED_BYTES, ISSUED_BYTES + NONCE_BYTES));
  body.set(link, ISSUED_BYTES + NONCE_BYTES);
  const mac = await macOf(env, companyId, body);
  if (!mac) return null;
  const out = new Uint8Array(body.byteLength + MAC_BYTES);
  out.set(body);
  out.set(mac, body.byteLength);
  return PREFIX + toBase64Url(out);
}

/** The bytes of something shaped like a click id, or null: checked before any signature work. */
function shaped(value: unknown): Uint8Array | null {
  if (typeof value !== 'string' || value.length > 64 || !value.startsWith(PREFIX)) return null;
  const bytes = fromBase64Url(value.slice(PREFIX.length));
  return bytes && bytes.byteLength > ISSUED_BYTES + NONCE_BYTES + MAC_BYTES ? bytes : null;
}

/**
 * The claims of a click id minted by this deployment for `companyId`, or null for anything else: malformed,
 * forged, edited, minted for another company, from the future, or older than CLICK_ID_MAX_AGE_S.
 * No database read: the id's own bytes and the secret decide.
 */
export async function readClickId(env: Env, companyId: string, value: unknown, now = Date.now()): Promise<ClickIdClaims | null> {
  const bytes = shaped(value);
  if (!bytes) return null;
  const body = bytes.subarray(0, bytes.byteLength - MAC_BYTES);
  const mac = await macOf(env, companyId, body);
  if (!mac || !sameBytes(mac, bytes.subarray(bytes.byteLength - MAC_BYTES))) return null;
  const issuedS = new DataView(body.buffer, body.byteOffset).getUint32(0);
  const nowS = now / 1000;
  if (issuedS > nowS + FUTURE_SLACK_S || issuedS < nowS - CLICK_ID_MAX_AGE_S) return null;
  let shareLinkUid: string;
  try {
    shareLinkUid = decoder.decode(body.subarray(ISSUED_BYTES + NONCE_BYTES));
  } catch {
    return null;
  }
  return { shareLinkUid, issuedAt: issuedS * 1000 };
}
