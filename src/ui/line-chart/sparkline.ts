// The dashboard's trend line: a few series of whole-number counts drawn as an inline SVG on the
// server, instead of the stats page's chart island, so the dashboard ships no chart code. Straight segments
// between points: counts are whole numbers, a smoothed curve would show values nobody had. The stats
// page's graph (line-graph-svg.ts) places its points with the same function, on its axis's top tick.

export interface SparkSeries {
  key: string;
  /** One count per interval, oldest first. */
  values: readonly number[];
}

export interface SparkLine {
  key: string;
  /** The SVG path of the line ("M0,40L10,35…"), in a `width` x `height` box. */
  d: string;
  total: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Where each count sits in a `width` x `height` box: evenly spaced from the left edge to the right one
 * (a lone count in the middle), `top` at `pad` from the top edge, 0 at `pad` from the bottom.
 */
export function sparkPoints(values: readonly number[], width: number, height: number, top: number, pad = 2): [number, number][] {
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const x0 = values.length > 1 ? 0 : width / 2;
  return values.map((v, i) => [round(x0 + i * step), round(height - pad - (Math.min(Math.max(0, v), top) / top) * (height - 2 * pad))]);
}

/** Points joined by straight segments, as an SVG path's `d`. */
export const sparkPath = (points: readonly [number, number][]) => points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x},${y}`).join('');

/** Each series as a path on one shared scale (the highest count of any series reaches the top). */
export function sparkLines(series: readonly SparkSeries[], width: number, height: number, pad = 2): SparkLine[] {
  const top = Math.max(1, ...series.flatMap((s) => s.values));
  return series.map((s) => ({
    key: s.key,
    d: sparkPath(sparkPoints(s.values, width, height, top, pad)),
    total: s.values.reduce((sum, v) => sum + v, 0),
  }));
}
