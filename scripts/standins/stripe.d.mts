import type { Server } from 'node:http';

/** Starts the Stripe stand-in on 127.0.0.1 (`port` 0: a free one). */
export function startStripeStandIn(options?: { port?: number }): Promise<{ url: string; server: Server; close(): Promise<void> }>;
