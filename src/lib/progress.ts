// Tier progress and badge order of spec §9. Percentages are 0..100, never more (the bar is capped).

function clampPercent(ratio: number): number {
  if (!Number.isFinite(ratio) || ratio <= 0) return 0;
  return Math.min(100, Math.round(ratio * 10_000) / 100);
}

/** Legacy tiers: points earned divided by the threshold that ends the tier. */
export function legacyTierProgress(earned: number, tierEnd: number | null | undefined): number {
  // No next tier (or a zero threshold): the ambassador is at the top, the bar is full.
  if (!tierEnd || tierEnd <= 0) return 100;
  return clampPercent(earned / tierEnd);
}

/** New tiers: how far between the current tier's start and its end (the next tier's threshold). */
export function tierProgress(earned: number, tierStart: number | null | undefined, tierEnd: number | null | undefined): number {
  const start = tierStart ?? 0;
  if (tierEnd === null || tierEnd === undefined || tierEnd <= start) return 100;
  return clampPercent((earned - start) / (tierEnd - start));
}

/** CSS width for the progress bar: "42.5%", capped at "100%". */
export function progressWidth(percent: number): string {
  return `${clampPercent(percent / 100)}%`;
}

export interface TierLike {
  threshold?: number | null;
  point_threshold?: number | null;
  points?: number | null;
  is_active?: boolean | null;
}

/** A tier's or badge's threshold, whichever field its API version uses (new: threshold; legacy: point_threshold or points). */
export function thresholdOf(item: TierLike): number {
  return item.threshold ?? item.point_threshold ?? item.points ?? 0;
}

export interface TierStanding<T extends TierLike> {
  current: T | null;
  next: T | null;
  /** 0..100 by the new formula. */
  progress: number;
  /** Points still needed for the next tier; 0 at the top. */
  pointsToNext: number;
}

/** Where `earned` sits among the active tiers: the highest reached, the next one, and the progress between. */
export function tierStanding<T extends TierLike>(tiers: readonly T[], earned: number): TierStanding<T> {
  const active = tiers.filter((t) => t.is_active !== false).sort((a, b) => thresholdOf(a) - thresholdOf(b));
  const current = active.filter((t) => thresholdOf(t) <= earned).at(-1) ?? null;
  const next = active.find((t) => thresholdOf(t) > earned) ?? null;
  return {
    current,
    next,
    progress: tierProgress(earned, current ? thresholdOf(current) : 0, next ? thresholdOf(next) : null),
    pointsToNext: next ? Math.max(0, thresholdOf(next) - earned) : 0,
  };
}

/** Badges to show: active only, earned first, then by threshold (or points) ascending; stable otherwise. */
export function sortBadges<T extends TierLike>(badges: readonly T[], isEarned: (badge: T) => boolean): T[] {
  return badges
    .filter((b) => b.is_active !== false)
    .map((badge, index) => ({ badge, index, earned: isEarned(badge) }))
    .sort((a, b) => Number(b.earned) - Number(a.earned) || thresholdOf(a.badge) - thresholdOf(b.badge) || a.index - b.index)
    .map(({ badge }) => badge);
}

/** The unit of a tier metric (spec §3 Tier metric options): points earned (the default), a referral count, or referral revenue (money, minor units). */
export type TierUnit = 'points' | 'referrals' | 'money';

export function tierUnit(metric: string | null | undefined): TierUnit {
  if (metric === 'referrals') return 'referrals';
  if (metric === 'orders_referral_revenue') return 'money';
  return 'points';
}

/** How much of the tier metric is still missing for the next tier: 0 at the top or once reached. */
export function leftToNextTier(value: number, nextThreshold: number | null | undefined): number {
  if (nextThreshold === null || nextThreshold === undefined || !Number.isFinite(value)) return 0;
  return Math.max(0, nextThreshold - value);
}
