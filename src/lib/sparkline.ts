// The dashboard's trend line (issue 21): a few series of whole-number counts drawn as an inline SVG on the
// server, instead of the stats page's chart island, so the dashboard ships no chart code. Straight segments
// between points: counts are whole numbers, a smoothed curve would show values nobody had.

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

/** Each series as a path on one shared scale (the highest count of any series reaches the top). */
export function sparkLines(series: readonly SparkSeries[], width: number, height: number, pad = 2): SparkLine[] {
  const top = Math.max(1, ...series.flatMap((s) => s.values));
  const round = (n: number) => Math.round(n * 10) / 10;
  return series.map((s) => {
    const step = s.values.length > 1 ? width / (s.values.length - 1) : 0;
    const d = s.values.map((v, i) => `${i === 0 ? 'M' : 'L'}${round(i * step)},${round(height - pad - (Math.max(0, v) / top) * (height - 2 * pad))}`).join('');
    return { key: s.key, d, total: s.values.reduce((sum, v) => sum + v, 0) };
  });
}
