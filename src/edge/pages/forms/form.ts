// What the form actions share: reading the posted form and the post/redirect/get answer.

/** The posted form; an unreadable body is an empty form. */
export const readForm = (request: Request) => request.formData().catch(() => new FormData());

/** 303 to `location` (post/redirect/get), with any extra headers. */
export const seeOther = (location: string, headers: Record<string, string> = {}) =>
  new Response(null, { status: 303, headers: { Location: location, ...headers } });
