import type { MiddlewareHandler } from 'hono';
import { batchingD1, type D1Meter } from '../api/core/batching-d1';
import type { EdgeEnv } from './types';

/**
 * Gives this request its own view of the D1 binding that sends the reads issued together as one batch
 * (src/api/core/batching-d1.ts). With `D1_METER=1` (the bench's server) the answer says how many D1
 * round trips it cost in `x-d1-round-trips`, and
 * `Server-Timing` the time spent waiting for D1 and in the Worker before the response started.
 */
export function d1(): MiddlewareHandler<EdgeEnv> {
  return async function d1(c, next) {
    const meter: D1Meter = { roundTrips: 0, waitMs: 0 };
    const start = Date.now();
    c.env = { ...c.env, DB: batchingD1(c.env.DB, meter) };
    await next();
    if (c.env.D1_METER === '1') {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('x-d1-round-trips', String(meter.roundTrips));
      c.res.headers.append('Server-Timing', `d1;dur=${meter.waitMs};desc="${meter.roundTrips} round trips", worker;dur=${Date.now() - start}`);
    }
  };
}
