/// <reference types="astro/client" />
declare namespace App {
  interface Locals {
    portal: import('./edge/types').Portal;
    session: import('./edge/types').Session | null;
    nonce: string;
    upstream: import('./edge/types').Upstream;
  }
}
