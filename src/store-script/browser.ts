// The entry esbuild bundles into /t.js (scripts/store-script.mjs). WINDOW_DAYS is left as a free name in
// the minified code; the edge route puts the company's attribution window in its place per host.
import { install } from './store-script';

declare const WINDOW_DAYS: number;

install(window, document, WINDOW_DAYS);
