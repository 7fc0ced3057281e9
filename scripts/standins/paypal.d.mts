import type { Server } from 'node:http';

/** The app every stand-in knows from the start. */
export const DEFAULT_APP: { client_id: string; client_secret: string };

/** Starts the PayPal stand-in (`port` 0: a free one); `control` takes what POST /__control takes. */
export function startPayPal(options?: {
  port?: number; host?: string; webhookUrl?: string; delivery?: 'push' | 'queue'; log?: boolean;
}): Promise<{ url: string; port: number; server: Server; state: unknown; control(body: Record<string, unknown>): unknown; close(): Promise<void> }>;
