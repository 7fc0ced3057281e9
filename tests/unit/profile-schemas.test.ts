// Pure pieces of the profile area: image sniffing and sizing, and the shared profile schema.
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { inspectImage, sniffImageType } from '../../src/api/people/image-check';
import { isBirthDate, isHttpUrl, profileUpdateSchema } from '../../src/lib/schemas/profile';
import { optoutSchema, notificationsUpdateSchema } from '../../src/lib/schemas/notifications';

const riff = (chunk: string, payload: number[]) => {
  const bytes = [...'RIFF'].map((c) => c.charCodeAt(0)).concat([0, 0, 0, 0], [...'WEBP'].map((c) => c.charCodeAt(0)), [...chunk].map((c) => c.charCodeAt(0)), [0, 0, 0, 0], payload);
  while (bytes.length < 40) bytes.push(0);
  return new Uint8Array(bytes);
};

describe('image check', () => {
  it('reads a real PNG written by an encoder', () => {
    const png = PNG.sync.write(new PNG({ width: 320, height: 200 }));
    expect(inspectImage(new Uint8Array(png))).toMatchObject({ type: 'png', contentType: 'image/png', extension: 'png', width: 320, height: 200 });
  });

  it('finds the frame header of a progressive JPEG behind other segments', () => {
    const jpeg = new Uint8Array([
      0xff, 0xd8, 0xff, 0xe1, 0, 4, 1, 2, // APP1
      0xff, 0xc4, 0, 4, 0, 0, // DHT (not a frame header although in the C0-CF range)
      0xff, 0xc2, 0, 11, 8, 0x01, 0x2c, 0x01, 0x90, 1, 1, 0x11, 0, // SOF2: 400 x 300
      0xff, 0xd9,
    ]);
    expect(inspectImage(jpeg)).toMatchObject({ type: 'jpeg', width: 400, height: 300, extension: 'jpg' });
  });

  it('reads lossy (VP8) and lossless (VP8L) WebP sizes', () => {
    const vp8 = riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01]); // 640 x 480
    expect(inspectImage(vp8)).toMatchObject({ type: 'webp', width: 640, height: 480 });
    const w = 99;
    const h = 49;
    const bits = w | (h << 14);
    const vp8l = riff('VP8L', [0x2f, bits & 255, (bits >> 8) & 255, (bits >> 16) & 255, (bits >> 24) & 255]);
    expect(inspectImage(vp8l)).toMatchObject({ type: 'webp', width: 100, height: 50 });
  });

  it('refuses SVG, GIF, HTML and empty files by their bytes', () => {
    for (const text of ['<svg xmlns="http://www.w3.org/2000/svg"/>', 'GIF89a....', '<!doctype html><script>', '']) {
      expect(sniffImageType(new TextEncoder().encode(text))).toBeNull();
      expect(inspectImage(new TextEncoder().encode(text))).toEqual({ problem: 'invalidFileType' });
    }
  });
});

describe('profile schema', () => {
  it('accepts only absolute http(s) links without credentials', () => {
    expect(isHttpUrl('https://www.linkedin.com/in/ava')).toBe(true);
    expect(isHttpUrl('http://example.com')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', '/relative', 'https://user:pw@example.com', 'mailto:a@b.c']) {
      expect(isHttpUrl(bad), bad).toBe(false);
    }
  });

  it('accepts real past dates of birth only', () => {
    const today = new Date('2026-11-22T00:00:00Z');
    expect(isBirthDate('2000-02-29', today)).toBe(true);
    expect(isBirthDate('2001-02-29', today)).toBe(false);
    expect(isBirthDate('1899-12-31', today)).toBe(false);
    expect(isBirthDate('2026-12-01', today)).toBe(false);
    expect(isBirthDate('12/01/1990', today)).toBe(false);
  });

  it('turns empty strings into null and trims', () => {
    expect(profileUpdateSchema.parse({ city: '  Oakland ', phone: '', username: '' })).toEqual({ city: 'Oakland', phone: null, username: null });
  });

  it('names each bad field with a message key', () => {
    const result = profileUpdateSchema.safeParse({ username: 'app', paypal_email: 'x', language: 'klingon' });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(byField).toEqual({ username: 'usernameReserved', paypal_email: 'invalidEmail', language: 'invalidField' });
  });

  it('reads notification flags from JSON or form values, and the optout payload', () => {
    expect(notificationsUpdateSchema.parse({ payout_fulfilled: 'on', commission_denied: false })).toEqual({ payout_fulfilled: true, commission_denied: false });
    expect(optoutSchema.parse({ code: ' abc ', action: 'stop_email' })).toEqual({ code: 'abc', action: 'stop_email', email_template: '' });
    expect(optoutSchema.safeParse({ code: 'abc', action: 'stop_everything' }).success).toBe(false);
  });
});
