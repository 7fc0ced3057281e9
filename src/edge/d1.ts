import type { MiddlewareHandler } from 'hono';
import { batchingD1, type D1Meter } from '../api/core/batching-d1';
import { replicatedReads } from './d1-replica';
import type { EdgeEnv } from './types';

/**
 * Gives this request its own view of the D1 binding: one D1 replica view (read replicas, with the
 * browser's bookmark cookie for read-your-writes: ./d1-replica.ts) that sends the reads issued
 * together as one batch (src/api/core/batching-d1.ts). With `D1_METER=1` (the bench's server) the
 * answer says how many D1 round trips it cost before the first byte in `x-d1-round-trips` (all of them at the
 * end of an HTML page), and
 * `Server-Timing` the time spent waiting for D1 and in the Worker before the response started.
 */
export function d1(): MiddlewareHandler<EdgeEnv> {
  return async function d1(c, next) {
    const meter: D1Meter = { roundTrips: 0, waitMs: 0 };
    const start = Date.now();
    const reads = replicatedReads(c);
    c.env = { ...c.env, DB: batchingD1(reads.db, meter) };
    await next();
    reads.finish(c);
    if (c.env.D1_METER === '1') {
      // Pages stream: the header counts the round trips before the first byte, and an HTML page ends
      // with a comment that counts them all (`<!-- d1-round-trips: N -->`, read by the bench).
      const html = (c.res.headers.get('content-type') ?? '').includes('text/html') && c.res.body;
      c.res = new Response(html ? c.res.body!.pipeThrough(countAtEnd(meter)) : c.res.body, c.res);
      c.res.headers.set('x-d1-round-trips', String(meter.roundTrips));
      c.res.headers.append('Server-Timing', `d1;dur=${meter.waitMs};desc="${meter.roundTrips} round trips", worker;dur=${Date.now() - start}`);
    }
  };
}

/** Appends the request's total D1 round trips to an HTML body once it has been written. */
function countAtEnd(meter: D1Meter): TransformStream<Uint8Array, Uint8Array> {
  return new TransformStream({
    flush(controller) {
      controller.enqueue(new TextEncoder().encode(`<!-- d1-round-trips: ${meter.roundTrips} -->`));
    },
  });
}
