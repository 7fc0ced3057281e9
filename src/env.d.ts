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
    /** The console cookie's staff token, on console pages (else null). */
    consoleToken: string | null;
    /** The staff client of console pages (undefined elsewhere). */
    consoleClient: import('./edge/client/console').ConsoleClient | undefined;
    /** Starts (a staff token) or ends (null) the console cookie on this response. */
    setConsoleSession(token: string | null): void;
  }
}
