import { sha256Hex } from './crypto';
import type { ServiceContext } from './types';

// What a request tells of its client, only ever as salted hashes: a click stores them (src/api/sharing), an
// ambassador's login remembers them, and the fraud rules compare the two (src/api/commissions/fraud-holds.ts).

/**
 * The client a request comes from as a click stores it: the salted hash of its address and user agent (the
 * salt, CLICK_HASH_SALT, is a secret of the API). Fraud holds hash an ambassador's login the same way.
 */
const clickClientHash = (svc: Pick<ServiceContext, 'env' | 'clientIp' | 'userAgent'>) =>
  sha256Hex(`${svc.env.CLICK_HASH_SALT ?? ''}\n${svc.clientIp ?? ''}\n${svc.userAgent ?? ''}`);

/** The client's signals, each a salted hash (never the raw value): the combined client, its address alone, its device alone. */
export interface ClientSignals {
  clientHash: string;
  /** Null without a known client address. */
  ipHash: string | null;
  /** Null when the browser has no device id (the edge's cookie, set when someone logs in). */
  deviceHash: string | null;
}

const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;
/** Loopback: every request of a portal run on a laptop (`npm start`) comes from it, so it tells nobody apart. */
const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * Weighed one by one by the fraud rules (own_click): a click from the ambassador's own network (the same
 * address as one of their logins), or from their own browser (the device id it was given at a login) on
 * any network. A loopback address is no signal (a local run shares it for everyone).
 */
export async function clientSignals(svc: Pick<ServiceContext, 'env' | 'clientIp' | 'userAgent' | 'deviceId'>): Promise<ClientSignals> {
  const salt = svc.env.CLICK_HASH_SALT ?? '';
  const device = svc.deviceId && DEVICE_ID.test(svc.deviceId) ? svc.deviceId : null;
  const [clientHash, ipHash, deviceHash] = await Promise.all([
    clickClientHash(svc),
    svc.clientIp && !LOOPBACK.test(svc.clientIp) ? sha256Hex(`${salt}\nip\n${svc.clientIp}`) : null,
    device ? sha256Hex(`${salt}\ndevice\n${device}`) : null,
  ]);
  return { clientHash, ipHash, deviceHash };
}
