import { Hono } from 'hono';
import { AVATAR_FIELD, AVATAR_MAX_BYTES, type ProfileUpdateInput } from '../../lib/schemas/profile';
import { callerOf, serviceContext } from '../core/service-context';
import { ensureOwn, requireAmbassador } from '../core/token-auth';
import { readFormData, readJsonObject } from '../core/validate';
import { updateProfile } from './edit';
import { validationError } from './parse';
import { companyAmbassadors, getProfile, getUser, setActive } from './service';
import type { ActiveInput } from '../../lib/schemas/profile';
import type { ApiContext, ApiEnv } from '../core/types';

/**
 * Reads a JSON, urlencoded or multipart body: the fields, and the avatar file when one was sent. A body
 * declared larger than an avatar allows is refused before it is read.
 */
async function readProfileBody(c: ApiContext): Promise<{ fields: Record<string, unknown>; avatar: File | null }> {
  const type = c.req.header('content-type') ?? '';
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > AVATAR_MAX_BYTES + 256 * 1024) throw validationError({ [AVATAR_FIELD]: ['imageTooLarge'] });
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const form = await readFormData(c);
    const fields: Record<string, unknown> = {};
    let avatar: File | null = null;
    for (const [key, value] of form) {
      if (key === AVATAR_FIELD) {
        if (typeof value === 'string') {
          if (value !== '') throw validationError({ [AVATAR_FIELD]: ['invalidFileType'] });
        } else if (value.size > 0 || value.name) avatar = value;
      } else if (typeof value === 'string') fields[key] = value;
    }
    return { fields, avatar };
  }
  // JSON (src/api/core/validate.ts: the content type, the parse, prototype-named keys refused).
  return { fields: (await readJsonObject(c)).fields, avatar: null };
}

/** Signed-in paths of this sub-app: the token check is scoped to them, so public routes of other areas stay public. */
const SIGNED_IN = ['/users/:id/', '/companies/:id/ambassadors/', '/portal/ambassadors/:id/', '/ambassadors/:id/active/'];

const routes = new Hono<ApiEnv>();
const auth = requireAmbassador();
for (const path of SIGNED_IN) routes.use(path, auth);

/** Spec §7 calls of the profile area (notification settings: ./notifications.ts). Handlers: path id → service. */
export const ambassadors = routes
  // GET /v1/users/{id}/ - the caller's own user record
  .get('/users/:id/', (c) => {
    const caller = callerOf(c);
    ensureOwn(caller.user.id, c.req.param('id'));
    return c.json(getUser(caller));
  })
  // GET /v1/companies/{id}/ambassadors/ - the caller's ambassador within their company (exactly one)
  .get('/companies/:id/ambassadors/', (c) => {
    const caller = callerOf(c);
    ensureOwn(caller.company.id, c.req.param('id'));
    return c.json(companyAmbassadors(caller));
  })
  // GET /v1/portal/ambassadors/{id}/ - the caller's full profile
  .get('/portal/ambassadors/:id/', async (c) => {
    const caller = callerOf(c);
    ensureOwn(caller.ambassador.uid, c.req.param('id'));
    return c.json(await getProfile(serviceContext(c), caller));
  })
  // PATCH /v1/portal/ambassadors/{id}/ - edit the profile; multipart with an `avatar` file changes the avatar
  .patch('/portal/ambassadors/:id/', async (c) => {
    const caller = callerOf(c);
    ensureOwn(caller.ambassador.uid, c.req.param('id'));
    const { fields, avatar } = await readProfileBody(c);
    return c.json(await updateProfile(serviceContext(c), caller, fields as ProfileUpdateInput, avatar));
  })
  // PATCH /v1/ambassadors/{id}/active/ - deactivate or reactivate one's own account
  .patch('/ambassadors/:id/active/', async (c) => {
    const caller = callerOf(c);
    ensureOwn(caller.ambassador.uid, c.req.param('id'));
    const { fields } = await readProfileBody(c);
    return c.json(await setActive(serviceContext(c), caller, fields as ActiveInput));
  });
