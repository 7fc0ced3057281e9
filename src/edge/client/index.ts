import { callerStillValid, verifyToken } from '../../api/core/token-auth';
import { cachedCaller, forgetCaller, rememberCaller } from '../caller-cache';
import type { Caller, ServiceContext } from '../../api/core/types';
import type { Session } from '../types';
import { ClientError, remoteDeps, type RemoteOptions } from './core';
import { embeddedContract, remoteContract, type ContractClient } from './contract';
import { embeddedExpiringLots, remoteExpiringLots, type ExpiringLotsClient } from './expiring-lots';
import { embeddedSession, remoteSession, type SessionClient } from './session';
import { shareLinkTarget, type ShareLinkTargetClient } from './share-links';

export { ClientError } from './core';
export type { RedeemAnswer } from '../../lib/schemas/rewards';
// The API's answers as pages and forms read them: the edge's code outside this folder names them from here.
export type { AmbassadorProfile, Me, UserView } from '../../lib/schemas/people';

/**
 * The ambassador API as pages and the edge use it: one typed method per spec §7 call. Two
 * implementations behind one interface: embedded (the API's services called in-process with the
 * caller verified once per request) and remote (HTTP to AMBASSADOR_API_URL).
 */
export interface AmbassadorClient extends ContractClient, SessionClient, ShareLinkTargetClient, ExpiringLotsClient {
  readonly mode: 'embedded' | 'remote';
}

export interface EmbeddedClientOptions {
  svc: ServiceContext;
  session: Session | null;
  /** Page views (GET/HEAD): reuse a verification of this isolate made under the same write stamp (../caller-cache.ts). */
  reuse?: { stamp: string } | null;
}

export function embeddedClient({ svc, session, reuse }: EmbeddedClientOptions): AmbassadorClient {
  let verified: Promise<Caller | null> | null = null;
  let reused = false;
  const verify = async (token: string) => {
    const tenant = svc.tenantCompanyId;
    const kept = reuse ? cachedCaller(token, tenant, reuse.stamp) : null;
    if (kept) {
      reused = true;
      return kept;
    }
    const fresh = await verifyToken(svc.db, token, tenant);
    // A write's entry is already gone (session()); a refused token must not stay usable here.
    if (!fresh) forgetCaller(token);
    else if (reuse) rememberCaller(token, tenant, reuse.stamp, fresh);
    return fresh;
  };
  const caller = async () => {
    verified ??= session ? verify(session.token) : Promise.resolve(null);
    const found = await verified;
    // The cookie names the user and ambassador too: they must be the token's own.
    if (!found || !session || found.user.id !== session.userId || found.ambassador.uid !== session.ambassadorUid) {
      throw new ClientError(401, { detail: 'Invalid token.', code: 'invalidToken' });
    }
    return found;
  };
  // A reused verification is confirmed against D1 once per request, in the batch of whoever asks first.
  let confirmed: Promise<boolean> | null = null;
  const confirm = () => (confirmed ??= (async () => {
    const found = await caller().catch(() => null);
    if (!found) return false;
    if (!reused) return true;
    const ok = await callerStillValid(svc.db, found);
    if (!ok) forgetCaller(session!.token);
    return ok;
  })());
  const deps = { svc, caller, confirm };
  // The endpoints' methods live on the contract client's prototype: the hand-written ones are added to it.
  const contract = embeddedContract(deps);
  return Object.assign(contract, {
    mode: 'embedded' as const, ...embeddedSession(deps, contract), ...shareLinkTarget(contract), ...embeddedExpiringLots(deps),
  });
}

export interface RemoteClientOptions extends Omit<RemoteOptions, 'token'> {
  session: Session | null;
}

export function remoteClient(options: RemoteClientOptions): AmbassadorClient {
  const deps = remoteDeps({ ...options, token: options.session?.token ?? null });
  const ids = options.session ? { userId: options.session.userId, ambassadorUid: options.session.ambassadorUid } : null;
  // The tenant's company id is the one the edge names to the API (spec §7 paths under /companies/{id}/).
  const own = options.session ? { ambassadorUid: options.session.ambassadorUid, companyId: options.headers['x-portal-company'] ?? '-' } : null;
  const contract = remoteContract(deps, options.session && own ? { ambassadorUid: own.ambassadorUid, userId: options.session.userId, companyId: own.companyId } : null);
  return Object.assign(contract, {
    mode: 'remote' as const, ...remoteSession(deps, ids, contract), ...shareLinkTarget(contract), ...remoteExpiringLots(contract),
  });
}
