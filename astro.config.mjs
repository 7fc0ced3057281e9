// @ts-check
import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';

// The Worker entry is src/edge/worker.ts (wrangler `main`): Hono runs our edge and API first and hands
// pages to Astro. Astro's own src/fetch.ts hook gets no env, so it is switched off.
export default defineConfig({
  output: 'server',
  adapter: cloudflare({ imageService: 'passthrough' }),
  integrations: [react()],
  fetchFile: null,
  // Sessions live in our own cookie + API tokens; Astro's KV-backed sessions (and their SESSION binding) are off.
  session: false,
  security: { checkOrigin: false },
  devToolbar: { enabled: false },
  build: { inlineStylesheets: 'always' },
});
