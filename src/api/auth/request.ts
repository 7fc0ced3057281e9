import type { RawRequest } from '../core/endpoint';
import { isFormRequest, readJson } from '../core/validate';

/** validate.ts's readers take a request with `header` and `text`: the raw request has both. */
const asRequest = (req: RawRequest) => ({ req: { header: req.header, text: req.text } }) as unknown as Parameters<typeof readJson>[0];

/**
 * The body as sent, unchecked (JSON of any shape, or an HTML form's fields): the auth services parse it
 * with their schemas first thing, so an embedded call and an HTTP call answer alike.
 */
export async function bodyAsSent<T>(req: RawRequest): Promise<T> {
  const c = asRequest(req);
  if (isFormRequest(c)) return Object.fromEntries(await req.formData()) as T;
  const { value } = await readJson(c);
  return (value === undefined ? {} : value) as T;
}
