import type { APIRoute } from 'astro';
import { consolePage } from '../../../edge/pages/console-page';
import { filterQuery, readListState } from '../../../ui/console-ambassadors/list-query';
import { ClientError } from '../../../edge/client/core';

// GET /console/ambassadors/export?<the list's filters>: the list as the screen filters it, as a CSV download
// (GET /v1/operator/ambassadors/export through the console client, streamed as the API streams it).

export const GET: APIRoute = async (ctx) => {
  const response = { status: 200, headers: new Headers() };
  const page = await consolePage({ locals: ctx.locals, url: ctx.url, request: ctx.request, response }, 'ambassadors');
  if (page instanceof Response) return page;
  if (page.denied) return new Response(null, { status: 403 });
  let file: unknown;
  try {
    file = await page.client.exportAmbassadors({ query: filterQuery(readListState(ctx.url)) });
  } catch (err) {
    // A filter the API refuses (a group or campaign that no longer exists): the list page says which.
    if (err instanceof ClientError && err.status === 400) return Response.redirect(new URL(`/console/ambassadors${ctx.url.search}`, ctx.url), 303);
    throw err;
  }
  return new Response(file as ReadableStream | string, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="ambassadors-${new Date().toISOString().slice(0, 10)}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
};
