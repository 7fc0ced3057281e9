import { describe, expect, it } from 'vitest';
import { leftToNextTier, legacyTierProgress, progressWidth, sortBadges, tierProgress, tierStanding, tierUnit } from '../../src/lib/progress.ts';

describe('tier progress (§9)', () => {
  it('legacy: points earned divided by the tier end threshold', () => {
    expect(legacyTierProgress(250, 1000)).toBe(25);
    expect(legacyTierProgress(0, 1000)).toBe(0);
  });

  it('new: (earned - tier start) / (tier end - tier start)', () => {
    expect(tierProgress(750, 500, 1500)).toBe(25);
    expect(tierProgress(500, 500, 1500)).toBe(0);
  });

  it('caps at 100% and never goes below 0%', () => {
    expect(legacyTierProgress(1500, 1000)).toBe(100);
    expect(tierProgress(3000, 500, 1500)).toBe(100);
    expect(tierProgress(100, 500, 1500)).toBe(0);
  });

  it('is full when there is no next tier', () => {
    expect(legacyTierProgress(10, null)).toBe(100);
    expect(tierProgress(10, 500, undefined)).toBe(100);
  });

  it('keeps up to two decimals', () => {
    expect(tierProgress(1, 0, 3)).toBe(33.33);
  });

  it('gives the bar width, capped at 100%', () => {
    expect(progressWidth(42.5)).toBe('42.5%');
    expect(progressWidth(180)).toBe('100%');
    expect(progressWidth(-5)).toBe('0%');
  });
});

describe('tier standing', () => {
  const tiers = [
    { name: 'Gold', threshold: 1000, is_active: true },
    { name: 'Bronze', threshold: 0, is_active: true },
    { name: 'Retired', threshold: 600, is_active: false },
    { name: 'Silver', threshold: 500, is_active: true },
  ];

  it('finds the current and next active tier and the points still needed', () => {
    const s = tierStanding(tiers, 750);
    expect(s.current?.name).toBe('Silver');
    expect(s.next?.name).toBe('Gold');
    expect(s.progress).toBe(50);
    expect(s.pointsToNext).toBe(250);
  });

  it('is full with nothing left to earn at the top tier', () => {
    const s = tierStanding(tiers, 5000);
    expect(s.current?.name).toBe('Gold');
    expect(s.next).toBeNull();
    expect(s.progress).toBe(100);
    expect(s.pointsToNext).toBe(0);
  });

  it('reads legacy point_threshold', () => {
    const s = tierStanding([{ name: 'A', point_threshold: 100 }, { name: 'B', point_threshold: 300 }], 200);
    expect([s.current?.name, s.next?.name, s.progress]).toEqual(['A', 'B', 50]);
  });
});

describe('badge order (§9)', () => {
  it('shows active badges only, earned first, then by threshold ascending', () => {
    const badges = [
      { id: 'a', threshold: 300, is_active: true },
      { id: 'b', threshold: 100, is_active: true },
      { id: 'c', threshold: 50, is_active: false },
      { id: 'd', threshold: 500, is_active: true },
      { id: 'e', threshold: 200, is_active: true },
    ];
    const earned = new Set(['d', 'e']);
    expect(sortBadges(badges, (b) => earned.has(b.id)).map((b) => b.id)).toEqual(['e', 'd', 'b', 'a']);
  });

  it('orders legacy badges by points when they have no threshold', () => {
    const badges = [{ id: 'x', points: 30 }, { id: 'y', points: 10 }];
    expect(sortBadges(badges, () => false).map((b) => b.id)).toEqual(['y', 'x']);
  });
});

describe('tier metric unit (§3 Tier metric options)', () => {
  it('is points by default, a count for referrals and money for referral revenue', () => {
    expect(tierUnit('rewards_points_fulfilled_amount')).toBe('points');
    expect(tierUnit(undefined)).toBe('points');
    expect(tierUnit('referrals')).toBe('referrals');
    expect(tierUnit('orders_referral_revenue')).toBe('money');
  });

  it('says how much is left for the next tier, never below 0, and nothing at the top', () => {
    expect(leftToNextTier(7, 10)).toBe(3);
    expect(leftToNextTier(12, 10)).toBe(0);
    expect(leftToNextTier(5000, null)).toBe(0);
  });
});
