// Clicked tasks (spec §7 POST /ambassadors/{id}/loyalty/data/) against the real local D1: a click
// joins the clicked list and completes a task with points exactly once (even when 20 clicks race), bad ids
// write nothing, and only the ambassador themself, with loyalty access, may click.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { api as apiApp } from '../../src/api/app';
import type { ServiceContext } from '../../src/api/core/types';
import { ClientError, embeddedClient, remoteClient } from '../../src/edge/client';
import { handleTaskPost, safeTaskUrl } from '../../src/edge/pages/forms/tasks';
import { CLICKABLE_TASKS_FIELD } from '../../src/lib/schemas/loyalty';
import { call, token, type Who } from './profile-fixtures';

const FIELD = 'affiliate.loyalty_clickable_tasks';
const click = (who: Who, tasks: unknown, uid = who.uid) => call(who, 'POST', `/ambassadors/${uid}/loyalty/data/`, { loyalty_data: { [FIELD]: tasks } });

let ava: Who;
let ben: Who;

const balance = async (uid: string) =>
  (await env.DB.prepare('SELECT points_earned, points_available FROM loyalty_balances WHERE ambassador_uid = ?').bind(uid)
    .first<{ points_earned: number; points_available: number }>()) ?? { points_earned: 0, points_available: 0 };
const count = async (sql: string, ...args: unknown[]) => (await env.DB.prepare(sql).bind(...args).first<{ n: number }>())!.n;
const clickedList = async (uid: string) =>
  JSON.parse((await env.DB.prepare('SELECT loyalty_clickable_tasks AS l FROM ambassadors WHERE uid = ?').bind(uid).first<{ l: string }>())!.l) as number[];
/** Everything a click may write for an ambassador, to prove a refused click wrote nothing. */
const snapshot = async (uid: string) => ({
  balance: await balance(uid),
  clicked: await clickedList(uid),
  completions: await count('SELECT COUNT(*) AS n FROM task_completions WHERE ambassador_uid = ?', uid),
  ledger: await count('SELECT COUNT(*) AS n FROM loyalty_ledger WHERE ambassador_uid = ?', uid),
  activities: await count('SELECT COUNT(*) AS n FROM activities WHERE ambassador_uid = ?', uid),
});

beforeAll(async () => {
  ava = await token('localhost', 'ava@demo.test');
  ben = await token('localhost', 'ben@demo.test');
  // Tasks the seed does not have: one without points, one retired, one with a URL no browser should follow.
  await env.DB.batch([
    env.DB.prepare(`INSERT INTO tasks (id, uid, company_id, name, points, url, position, is_active) VALUES
      (90, 'task-demo-newsletter', 'demo', 'Read the newsletter', 0, NULL, 5, 1),
      (91, 'task-demo-retired', 'demo', 'Retired survey', 40, NULL, 6, 0),
      (92, 'task-demo-sneaky', 'demo', 'Sneaky link', 10, 'javascript:alert(1)', 7, 1)`),
  ]);
});

describe('clicking a task', () => {
  it('completes a task with points once: balances, completion, ledger entry, activity and the clicked list', async () => {
    const before = await balance(ava.uid);
    const res = await click(ava, [3]);
    expect(res.status).toBe(200);
    expect(res.body.loyalty_points_available).toBe(before.points_available + 50);
    expect(res.body.loyalty_points_earned).toBe(before.points_earned + 50);
    expect(res.body.loyalty_clickable_tasks).toContain(3);
    expect(res.body.clicked_tasks).toEqual([
      expect.objectContaining({ id: 3, uid: 'task-demo-facebook', points: 50, completed: true, newly_completed: true }),
    ]);

    const entry = await env.DB.prepare("SELECT * FROM loyalty_ledger WHERE uid = 'task:3:amb-ava'").first<Record<string, any>>();
    expect(entry).toMatchObject({ entry_type: 'earn', kind: 'points', amount: 50, description: 'Task completed: Share your link on Facebook' });
    // The company's points_expire_days (365 by default) after now.
    const days = (Date.parse(entry!.expire_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThan(365.1);
    const activity = await env.DB.prepare("SELECT * FROM activities WHERE ambassador_uid = ? AND type = 'task' AND event_data1 = ?")
      .bind(ava.uid, 'Share your link on Facebook').all<Record<string, any>>();
    expect(activity.results).toHaveLength(1);
    expect(activity.results[0]).toMatchObject({ status: 'earn', points: 50, expire_at: entry!.expire_at });

    // The task list shows it completed; a second click changes nothing.
    const tasks = await call(ava, 'GET', '/companies/demo/loyalty_program/tasks/');
    expect(tasks.body.results.find((t: any) => t.id === 3).completed).toBe(true);
    const again = await click(ava, ['3']);
    expect(again.status).toBe(200);
    expect(again.body.clicked_tasks[0]).toMatchObject({ completed: true, newly_completed: false });
    expect(again.body.loyalty_points_available).toBe(before.points_available + 50);
    expect(await count("SELECT COUNT(*) AS n FROM loyalty_ledger WHERE uid = 'task:3:amb-ava'")).toBe(1);
  });

  it('awards the points once when 20 clicks arrive together', async () => {
    const before = await balance(ava.uid);
    // The same task by id, by numeric text and by uid.
    const refs = [4, '4', 'task-demo-review'];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => click(ava, [refs[i % refs.length]])));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.body.clicked_tasks[0].newly_completed)).toHaveLength(1);
    expect(await count("SELECT COUNT(*) AS n FROM loyalty_ledger WHERE uid = 'task:4:amb-ava'")).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM task_completions WHERE ambassador_uid = ? AND task_id = 4', ava.uid)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM activities WHERE ambassador_uid = ? AND type = 'task' AND event_data1 = 'Review a summer product'", ava.uid)).toBe(1);
    expect((await balance(ava.uid)).points_available).toBe(before.points_available + 100);
    expect((await clickedList(ava.uid)).filter((id) => id === 4)).toHaveLength(1);
  });

  it('records a task without points as clicked only', async () => {
    const before = await snapshot(ava.uid);
    const res = await click(ava, ['task-demo-newsletter']);
    expect(res.status).toBe(200);
    expect(res.body.clicked_tasks[0]).toMatchObject({ id: 90, completed: false, newly_completed: false });
    expect(res.body.loyalty_clickable_tasks).toContain(90);
    expect(await snapshot(ava.uid)).toEqual({ ...before, clicked: [...before.clicked, 90].sort((a, b) => a - b) });
  });

  it('refuses unknown, retired, other-company tasks and bad bodies with a field error, and writes nothing', async () => {
    const before = await snapshot(ava.uid);
    const path = `loyalty_data.${FIELD}`;
    for (const tasks of [[999], [91], [5], ['task-acme-photo'], [1, 999], [-1], [true]]) {
      const res = await click(ava, tasks);
      expect(res.status, JSON.stringify(tasks)).toBe(400);
      expect(Object.keys(res.body).some((k) => k.startsWith(path)), JSON.stringify(res.body)).toBe(true);
    }
    const unknown = await click(ava, [999]);
    expect(unknown.body[path]).toEqual(['This task does not exist or is not available to you.']);
    expect(unknown.body.error_codes[path]).toEqual([{ code: 'taskUnknown' }]);
    const tooMany = await click(ava, Array.from({ length: 101 }, () => 3));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body[path]).toEqual(['Send at most 100 tasks at a time.']);
    expect((await click(ava, [])).status).toBe(400);
    expect((await call(ava, 'POST', `/ambassadors/${ava.uid}/loyalty/data/`, { loyalty_data: {} })).status).toBe(400);
    expect((await call(ava, 'POST', `/ambassadors/${ava.uid}/loyalty/data/`, {})).status).toBe(400);
    expect(await snapshot(ava.uid)).toEqual(before);
  });

  it("refuses a task of a campaign the ambassador is not in", async () => {
    await env.DB.prepare('UPDATE users SET loyalty_access = 1 WHERE id = ?').bind(ben.userId).run();
    try {
      const before = await snapshot(ben.uid);
      const res = await click(ben, [4]); // Summer campaign: Ben is only in Refer a Friend
      expect(res.status).toBe(400);
      expect(await snapshot(ben.uid)).toEqual(before);
    } finally {
      await env.DB.prepare('UPDATE users SET loyalty_access = 0 WHERE id = ?').bind(ben.userId).run();
    }
  });

  it("answers 404 for another ambassador's id in the path", async () => {
    const before = await snapshot(ben.uid);
    const res = await click(ava, [3], ben.uid);
    expect(res.status).toBe(404);
    expect(await snapshot(ben.uid)).toEqual(before);
  });

  it('answers 403 without loyalty access', async () => {
    const res = await click(ben, [3]);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('loyaltyAccessRequired');
    expect(await clickedList(ben.uid)).toEqual([]);
  });
});

describe('the dashboard task form', () => {
  const locals = (who: Who) => {
    const svc: ServiceContext = {
      env, db: env.DB, origin: `http://${who.host}`, host: who.host, tenantCompanyId: 'demo',
      clientIp: null, userAgent: null, acceptLanguage: null, waitUntil: (p) => void p.catch(() => {}),
    };
    return {
      client: embeddedClient({ svc, session: { userId: who.userId, ambassadorUid: who.uid, token: who.token } }),
      setSession: () => {},
    } as unknown as App.Locals;
  };
  const post = (who: Who, task: string) =>
    handleTaskPost(locals(who), new Request('http://localhost/app', { method: 'POST', body: new URLSearchParams({ task }) }));

  it('goes to the task URL when it is https or a portal path, else back to the tasks with a notice', async () => {
    const external = await post(ava, 'task-demo-instagram');
    expect(external.status).toBe(303);
    expect(external.headers.get('location')).toBe('https://www.instagram.com/democo');
    expect((await post(ava, 'task-demo-profile')).headers.get('location')).toBe('/app/account');
    expect((await post(ava, 'task-demo-sneaky')).headers.get('location')).toBe('/app');
    expect((await post(ava, 'task-demo-newsletter')).headers.get('location')).toBe('/app?task=task-demo-newsletter#tasks');
  });

  it('comes back with an error notice when the click is refused', async () => {
    expect((await post(ava, 'task-nope')).headers.get('location')).toBe('/app?task_error=1#tasks');
    expect((await post(ben, 'task-demo-facebook')).headers.get('location')).toBe('/app?task_error=1#tasks');
  });

  it('follows only https addresses and same-origin paths', () => {
    expect(safeTaskUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeTaskUrl('/app/account')).toBe('/app/account');
    for (const bad of ['http://example.com', '//evil.test', '/\\evil.test', 'javascript:alert(1)', 'data:text/html,x', 'https://u:p@evil.test', '', null]) {
      expect(safeTaskUrl(bad), String(bad)).toBeNull();
    }
  });
});

describe('the client', () => {
  it('clicks over HTTP (remote) with the spec body and gets the same answer shape', async () => {
    const paths: string[] = [];
    const client = remoteClient({
      baseUrl: 'http://localhost/v1',
      session: { userId: ava.userId, ambassadorUid: ava.uid, token: ava.token },
      headers: { 'x-forwarded-host': 'localhost', 'x-forwarded-proto': 'http', 'x-portal-company': 'demo' },
      fetch: async (request) => {
        paths.push(`${request.method} ${new URL(request.url).pathname} ${await request.clone().text()}`);
        const ctx = createExecutionContext();
        const res = await apiApp.fetch(request, env, ctx);
        await waitOnExecutionContext(ctx);
        return res;
      },
    });
    const answer = await client.clickTasks({ body: { loyalty_data: { [CLICKABLE_TASKS_FIELD]: ['task-demo-newsletter'] } } });
    expect(paths).toEqual([`POST /v1/ambassadors/${ava.uid}/loyalty/data/ {"loyalty_data":{"${FIELD}":["task-demo-newsletter"]}}`]);
    expect(answer.clicked_tasks[0]).toMatchObject({ id: 90, newly_completed: false });
    expect(answer.loyalty_clickable_tasks).toContain(90);
    const refused = await client.clickTasks({ body: { loyalty_data: { [CLICKABLE_TASKS_FIELD]: [999] } } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ClientError);
    expect((refused as ClientError).status).toBe(400);
  });
});
