import type { EmbeddedDeps, RemoteDeps } from './core';

/** Spec §7 calls of the auth area. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AuthClient {}

export function embeddedAuth(_deps: EmbeddedDeps): AuthClient {
  return {};
}

export function remoteAuth(_deps: RemoteDeps): AuthClient {
  return {};
}
