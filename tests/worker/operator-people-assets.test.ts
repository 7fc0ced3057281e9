// Operator asset calls: uploads judged by their bytes (real PDF, MP4, PNG and the audio and
// video kinds accepted; a renamed executable, SVG, QuickTime and an oversized file refused), kept in R2,
// shown on the ambassador's assets page (to a group only when the asset has one), edited and deleted,
// and never reached with another company's key.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ASSET_MAX_BYTES } from '../../src/lib/schemas/operator-people';
import { edge } from './helpers';
import { hostOfKey, KEYS, op, scalar } from './operator-fixtures';
import { api, login } from './sharing-fixtures';

const seedFile = async (key: string) => new Uint8Array(await (await env.FILES.get(key))!.arrayBuffer());
const PDF = () => seedFile('assets/demo/ast-demo-summer-pdf/summer-brand-guide.pdf');
const MP4 = () => seedFile('assets/demo/ast-demo-summer-video/summer-teaser.mp4');
const PNG = () => seedFile('assets/demo/ast-demo-summer-image/summer-banner.png');

const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));
/** The first bytes of each accepted audio/video kind, as their encoders write them. */
const WAV = new Uint8Array([...ascii('RIFF'), 36, 0, 0, 0, ...ascii('WAVEfmt '), 16, 0, 0, 0, 1, 0, 1, 0, 0x44, 0xac, 0, 0, 0x88, 0x58, 1, 0, 2, 0, 16, 0]);
const OGG = new Uint8Array([...ascii('OggS'), 0, 2, ...Array(20).fill(0), 1, 30, 1, ...ascii('vorbis'), ...Array(23).fill(0)]);
const WEBM = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0x82, 0x84, ...ascii('webm'), 0x42, 0x87, 0x81, 0x04]);
const MP3_ID3 = new Uint8Array([...ascii('ID3'), 4, 0, 0, 0, 0, 0, 2, 0, 0, 0xff, 0xfb, 0x90, 0xc0, ...Array(32).fill(0)]);
/** A Windows executable ("MZ" header) with a harmless-looking name and type. */
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, ...Array(50).fill(0)]);

async function upload(key: string, file: { bytes: Uint8Array; name: string; type: string } | null, fields: Record<string, string>) {
  const form = new FormData();
  if (file) form.append('file', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type }));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await edge().fetch(`http://${await hostOfKey(key)}/v1/operator/assets`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

const assetsOf = async (who: Awaited<ReturnType<typeof login>>) =>
  ((await api(who, 'GET', `/ambassadors/${who.uid}/assets/?page_size=100`)).body.results as { uid: string; title: string; kind: string }[]);

const objectsUnder = async (prefix: string) => (await env.FILES.list({ prefix })).objects.length;

describe('POST /v1/operator/assets', () => {
  it('takes a real PDF, MP4 and PNG by their bytes, whatever name and type the client gives, and shows them to the campaign', async () => {
    const ben = await login('localhost', 'ben@demo.test');
    const cases = [
      { bytes: await PDF(), name: 'Spring Guide.bin', type: 'application/octet-stream', contentType: 'application/pdf', ext: 'pdf', kind: 'pdf' },
      { bytes: await MP4(), name: 'teaser', type: 'text/plain', contentType: 'video/mp4', ext: 'mp4', kind: 'video' },
      { bytes: await PNG(), name: 'banner.jpg', type: 'image/jpeg', contentType: 'image/png', ext: 'png', kind: 'image' },
    ];
    for (const c of cases) {
      const res = await upload(KEYS.demo, c, { campaign: 'cmp-demo-main' });
      expect(res.status, c.name).toBe(201);
      const asset = res.body.asset;
      expect(asset).toMatchObject({ content_type: c.contentType, kind: c.kind, size_bytes: c.bytes.byteLength, campaign: { uid: 'cmp-demo-main' }, group: null });
      expect(asset.file_name.endsWith(`.${c.ext}`)).toBe(true);
      // The bytes are in R2 under the company's prefix, with the real type.
      const key = new URL(asset.file_url).pathname.replace(/^\/media\//, '');
      expect(key.startsWith(`assets/demo/${asset.uid}/`)).toBe(true);
      const object = await env.FILES.get(key);
      expect(object!.httpMetadata!.contentType).toBe(c.contentType);
      expect(new Uint8Array(await object!.arrayBuffer())).toEqual(c.bytes);
      // The campaign's members see it on their assets page.
      expect((await assetsOf(ben)).find((a) => a.uid === asset.uid)).toMatchObject({ kind: c.kind });
      // And the portal serves it on the company host.
      expect((await edge().fetch(asset.file_url)).headers.get('content-type')).toBe(c.contentType);
    }
    expect((await upload(KEYS.demo, cases[0]!, { campaign: 'cmp-demo-main' })).body.asset.title).toBe('Spring Guide');
  });

  it('accepts WebM video and MP3, Ogg and WAV audio', async () => {
    for (const [bytes, contentType] of [[WEBM, 'video/webm'], [MP3_ID3, 'audio/mpeg'], [OGG, 'audio/ogg'], [WAV, 'audio/wav']] as const) {
      const res = await upload(KEYS.demo, { bytes, name: 'clip', type: 'application/octet-stream' }, { campaign: '102', title: contentType });
      expect(res.status, contentType).toBe(201);
      expect(res.body.asset.content_type).toBe(contentType);
    }
  });

  it('refuses a renamed executable, SVG, QuickTime and Matroska by their bytes, storing nothing', async () => {
    const rowsBefore = await scalar("SELECT COUNT(*) FROM assets WHERE company_id = 'demo'");
    const objectsBefore = await objectsUnder('assets/demo/');
    const refused = [
      { bytes: EXE, name: 'brochure.pdf', type: 'application/pdf' },
      { bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: 'logo.png', type: 'image/png' },
      { bytes: new Uint8Array([0, 0, 0, 20, ...ascii('ftypqt  '), 0, 0, 0, 0, ...ascii('qt  ')]), name: 'clip.mp4', type: 'video/mp4' },
      { bytes: new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88, ...ascii('matroska')]), name: 'clip.webm', type: 'video/webm' },
      { bytes: new Uint8Array([0xff, 0xf1, 0x50, 0x80, 0, 0, 0, 0]), name: 'song.mp3', type: 'audio/mpeg' },
    ];
    for (const file of refused) {
      const res = await upload(KEYS.demo, file, { campaign: 'cmp-demo-main' });
      expect(res.status, file.name).toBe(400);
      expect(res.body.file[0]).toContain('not an accepted type');
    }
    expect(await scalar("SELECT COUNT(*) FROM assets WHERE company_id = 'demo'")).toBe(rowsBefore);
    expect(await objectsUnder('assets/demo/')).toBe(objectsBefore);
  });

  it('refuses a file over the size limit, with 413 naming the file', async () => {
    const big = new Uint8Array(ASSET_MAX_BYTES + 1);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    const res = await upload(KEYS.demo, { bytes: big, name: 'huge.pdf', type: 'application/pdf' }, { campaign: 'cmp-demo-main' });
    expect(res.status).toBe(413);
    expect(res.body.file[0]).toContain('larger than 5 MB');
  });

  it('names what is missing or wrong in the form, and wants multipart', async () => {
    const noFile = await upload(KEYS.demo, null, { campaign: 'cmp-demo-main' });
    expect(noFile.status).toBe(400);
    expect(noFile.body.file).toBeDefined();
    const noCampaign = await upload(KEYS.demo, { bytes: await PDF(), name: 'a.pdf', type: 'application/pdf' }, {});
    expect(noCampaign.body.campaign).toBeDefined();
    const foreign = await upload(KEYS.demo, { bytes: await PDF(), name: 'a.pdf', type: 'application/pdf' }, { campaign: 'cmp-acme-trail', group: 'grp-acme-guides' });
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body).sort()).toEqual(['campaign', 'error_codes', 'group']);
    expect((await op(KEYS.demo, 'POST', '/assets', { campaign: 'cmp-demo-main' })).status).toBe(415);
  });
});

describe('editing and deleting assets', () => {
  it('limits an asset to a group, follows moves between groups, renames, and deletes it with its R2 file', async () => {
    const [ava, ben] = [await login('localhost', 'ava@demo.test'), await login('localhost', 'ben@demo.test')];
    const created = await upload(KEYS.demo, { bytes: await PDF(), name: 'creators.pdf', type: 'application/pdf' }, {
      campaign: 'cmp-demo-main', group: 'grp-demo-creators', title: 'For creators',
    });
    const uid = created.body.asset.uid as string;
    expect(created.body.asset.group).toEqual({ uid: 'grp-demo-creators', name: 'Creators' });
    // Ava is a creator, Ben a loyal customer: only Ava sees it, until Ben joins the creators.
    expect((await assetsOf(ava)).map((a) => a.uid)).toContain(uid);
    expect((await assetsOf(ben)).map((a) => a.uid)).not.toContain(uid);
    await op(KEYS.demo, 'PUT', '/ambassadors/amb-ben/group', { group: 'grp-demo-creators' });
    expect((await assetsOf(ben)).map((a) => a.uid)).toContain(uid);
    await op(KEYS.demo, 'PUT', '/ambassadors/amb-ben/group', { group: 'grp-demo-customers' });

    const edited = await op(KEYS.demo, 'PATCH', `/assets/${uid}`, { title: 'For everyone', group: null });
    expect(edited.status).toBe(200);
    expect(edited.body.asset).toMatchObject({ title: 'For everyone', group: null, updated_at: expect.any(String) });
    expect((await assetsOf(ben)).find((a) => a.uid === uid)?.title).toBe('For everyone');
    // Moved to a campaign Ben is not in: it leaves his page.
    expect((await op(KEYS.demo, 'PATCH', `/assets/${uid}`, { campaign: 'cmp-demo-vip' })).body.asset.campaign.uid).toBe('cmp-demo-vip');
    expect((await assetsOf(ben)).map((a) => a.uid)).not.toContain(uid);

    const list = await op(KEYS.demo, 'GET', '/assets?campaign=cmp-demo-vip&limit=100');
    expect(list.body.results.map((a: { uid: string }) => a.uid)).toContain(uid);
    expect(list.body.results.every((a: { campaign: { uid: string } }) => a.campaign.uid === 'cmp-demo-vip')).toBe(true);

    expect(await objectsUnder(`assets/demo/${uid}/`)).toBe(1);
    const deleted = await op(KEYS.demo, 'DELETE', `/assets/${uid}`);
    expect(deleted.body).toEqual({ uid, deleted: true });
    expect(await objectsUnder(`assets/demo/${uid}/`)).toBe(0);
    expect((await op(KEYS.demo, 'GET', `/assets/${uid}`)).status).toBe(404);
    expect((await assetsOf(ava)).map((a) => a.uid)).not.toContain(uid);
  });

  it("answers 404 to acme's key for demo's assets and leaves them alone", async () => {
    const created = await upload(KEYS.demo, { bytes: await PNG(), name: 'mine.png', type: 'image/png' }, { campaign: 'cmp-demo-main' });
    const uid = created.body.asset.uid as string;
    for (const [method, body] of [['GET', undefined], ['PATCH', { title: 'Taken over' }], ['DELETE', undefined]] as const) {
      expect((await op(KEYS.acme, method, `/assets/${uid}`, body)).status, method).toBe(404);
    }
    expect((await op(KEYS.acme, 'GET', '/assets?limit=100')).body.results.map((a: { uid: string }) => a.uid)).not.toContain(uid);
    expect((await op(KEYS.demo, 'GET', `/assets/${uid}`)).body.asset.title).toBe('mine');
    expect(await objectsUnder(`assets/demo/${uid}/`)).toBe(1);
  });
});
