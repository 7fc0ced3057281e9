/// <reference types="astro/client" />
declare namespace App {
  interface Locals {
    portal: import('./edge/types').Portal;
    /** The session cookie's parts (not verified: see requestContext.me). */
    session: import('./edge/types').Session | null;
    nonce: string;
    /** The typed ambassador client of this request (embedded or remote). */
    client: import('./edge/client').AmbassadorClient;
    /** Tenant, verified ambassador, language, campaign selection, resolved customization. */
    requestContext: import('./edge/request-context').RequestContext;
    /** Starts (or, with null, ends) the session cookie on this response. */
    setSession(session: import('./edge/types').Session | null): void;
  }
}
