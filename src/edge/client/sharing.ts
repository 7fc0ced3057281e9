import type { EmbeddedDeps, RemoteDeps } from './core';

/** Spec §7 calls of the sharing area. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SharingClient {}

export function embeddedSharing(_deps: EmbeddedDeps): SharingClient {
  return {};
}

export function remoteSharing(_deps: RemoteDeps): SharingClient {
  return {};
}
