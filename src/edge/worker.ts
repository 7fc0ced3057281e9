import { cf } from '@astrojs/cloudflare/hono';
import { astro } from 'astro/hono';
import { createEdgeApp } from './app';
import { pagesContext } from './pages-context';

export default createEdgeApp([pagesContext(), cf(), astro()]);
