// E-mails speak the person's language: their own choice, else the company's default (acme: Spanish).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, freshIp, lastEmail, postJson } from './accounts-helpers';

const forgot = (host: string, email: string) =>
  call(`http://${host}/v1/auth/ambassador/forgot_password/?host=${host}`, postJson({ email }, {}, { ip: freshIp() }));

describe('e-mail language', () => {
  it('writes to an acme ambassador (Spanish) in Spanish and to a demo ambassador in English', async () => {
    // An acme ambassador who never chose a language gets the company default, Spanish.
    await env.DB.prepare("UPDATE ambassadors SET language = NULL WHERE uid = 'amb-alex'").run();
    await forgot('acme.localhost', 'alex@acme.test');
    await forgot('localhost', 'ben@demo.test');
    const acme = await lastEmail('acme', 'alex@acme.test');
    const demo = await lastEmail('demo', 'ben@demo.test');
    expect(acme!.subject).toBe('Restablece tu contraseña del portal de Acme Outdoor');
    expect(acme!.body_text).toContain('30 minutos');
    expect(demo!.subject).toBe('Reset your Demo Co portal password');
    expect(demo!.body_text).toContain('30 minutes');
  });

  it("follows the ambassador's own language over the company default", async () => {
    await env.DB.prepare("UPDATE ambassadors SET language = 'en' WHERE uid = 'amb-alex'").run();
    // alex chose Spanish in the seed; now English.
    await forgot('acme.localhost', 'alex@acme.test');
    expect((await lastEmail('acme', 'alex@acme.test'))!.subject).toBe('Reset your Acme Outdoor portal password');
  });
});
