// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';

const CSP_NONCE_MODULE = fileURLToPath(new URL('./src/edge/csp-nonce.ts', import.meta.url));

/**
 * The CSP nonce on the scripts Astro writes itself (issue 19; the rest is src/edge/csp-nonce.ts): its
 * island runtime and client-directive scripts, and the page's bundled scripts, so no HTML
 * rewrite of the response is needed. Astro has no option for a nonce (its own CSP support is hashes in a
 * policy it writes), so the three places that write them are patched at build time; a patch that no
 * longer finds its place fails the build instead of shipping islands that would not hydrate.
 */
function cspNonceOnAstroScripts() {
  /** @type {{ file: RegExp, find: string, replace: string, count: number }[]} */
  const patches = [
    // getPrescripts(result, ...): `<script>${directive}</script><script>${island runtime}</script>`
    { file: /\/astro\/dist\/runtime\/server\/scripts\.js$/, find: '<script>', replace: '<script${__cspNonce(result.request)}>', count: 3 },
    // renderScript(result, id): a component's bundled <script>, inline or by src, where it was written
    { file: /\/astro\/dist\/runtime\/server\/render\/script\.js$/, find: '<script type="module"', replace: '<script type="module"${__cspNonce(result.request)}', count: 2 },
    // renderAllHeadContent(result): the route's head scripts
    {
      file: /\/astro\/dist\/runtime\/server\/render\/head\.js$/,
      find: 'renderElement("script", script, false)',
      replace: 'renderElement("script", { ...script, props: { ...script.props, nonce: __cspNonceOf(result.request) } }, false)',
      count: 1,
    },
  ];
  return {
    name: 'portal:csp-nonce-on-astro-scripts',
    /** @param {string} code @param {string} id */
    transform(code, id) {
      const patch = patches.find((p) => p.file.test(id.split('?')[0] ?? id));
      if (!patch) return null;
      const found = code.split(patch.find).length - 1;
      if (found !== patch.count) throw new Error(`csp nonce: expected ${patch.count} × ${patch.find} in ${id}, found ${found} (Astro changed: update astro.config.mjs)`);
      const using = `import { nonceAttribute as __cspNonce, nonceOf as __cspNonceOf } from ${JSON.stringify(CSP_NONCE_MODULE)};\n`;
      return { code: using + code.replaceAll(patch.find, patch.replace), map: null };
    },
  };
}

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
  // Stylesheets over 4 KB (the layout's) are files with hashed names the browser caches, not repeated in every
  // page's HTML (issue 19: HTML <= 60 KB per page; the 21 KB of inline styles were a third of a table page).
  build: { inlineStylesheets: 'auto' },
  vite: { plugins: [cspNonceOnAstroScripts()] },
});
