import { describe, expect, it } from 'vitest';
import { changedFields } from '../../src/lib/audit-diff';

describe('audit log diff', () => {
  it('names the fields an approval changed, and nothing that stayed', () => {
    const before = { commission: { uid: 'com-1', status: 'pending', amount: 1000, approved_at: null } };
    const after = { commission: { uid: 'com-1', status: 'approved', amount: 1000, approved_at: '2026-11-28T10:00:00Z' } };
    expect(changedFields(before, after)).toEqual([
      { field: 'commission.status', before: 'pending', after: 'approved' },
      { field: 'commission.approved_at', before: null, after: '2026-11-28T10:00:00Z' },
    ]);
  });

  it('lists what a creation made (nothing before) and reads lists by position', () => {
    expect(changedFields(null, { endpoint: { url: 'https://x.example', event_types: ['a', 'b'] }, secret: '[redacted]' })).toEqual([
      { field: 'endpoint.url', before: null, after: 'https://x.example' },
      { field: 'endpoint.event_types.0', before: null, after: 'a' },
      { field: 'endpoint.event_types.1', before: null, after: 'b' },
      { field: 'secret', before: null, after: '[redacted]' },
    ]);
  });

  it('finds no change when both sides are the same', () => {
    expect(changedFields({ a: { b: [1, 2] } }, { a: { b: [1, 2] } })).toEqual([]);
  });
});
