import type { EmbeddedDeps, RemoteDeps } from './core';

/** Spec §7 calls of the profile area. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ProfileClient {}

export function embeddedProfile(_deps: EmbeddedDeps): ProfileClient {
  return {};
}

export function remoteProfile(_deps: RemoteDeps): ProfileClient {
  return {};
}
