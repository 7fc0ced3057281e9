import { checkRedirect } from '../../../lib/safe-redirect';
import { CLICKABLE_TASKS_FIELD } from '../../../lib/schemas/loyalty';
import { ClientError } from '../../client';
import { redirectClearingSession } from '../page-data';
import { readForm, seeOther } from './form';

// The form action of the dashboard's tasks (spec §2 Dashboard: tasks with a completed state). Each task
// that is not completed is a small form posting its uid to /app: the click is recorded through the client
// (spec §7 POST /ambassadors/{id}/loyalty/data/, which also awards the task's points once), then a 303
// sends the person on: to the task's URL when it has a safe one, else back to the tasks with a notice.

export const TASK_FIELD = 'task';
const BACK = '/app';

/** Where a task's URL may take the person: an external https address or a path of this portal; else null. */
export function safeTaskUrl(url: string | null | undefined): string | null {
  // The shared redirect check (src/lib/safe-redirect.ts): no "//host", backslashes, control characters or userinfo.
  const safe = checkRedirect((url ?? '').trim(), { origin: 'http://portal.invalid', hosts: 'any' });
  return safe && (safe.startsWith('/') || safe.startsWith('https:')) ? safe : null;
}

/** The dashboard with the notice of one task (its uid) or of a failure, scrolled to the tasks. */
const backToTasks = (query: Record<string, string>) => `${BACK}?${new URLSearchParams(query)}#tasks`;

/**
 * Handles a POST of a task's form: records the click, then redirects (303). A refused click (unknown task,
 * no loyalty access) comes back to the tasks with a message; a 401 ends the session.
 */
export async function handleTaskPost(locals: App.Locals, request: Request): Promise<Response> {
  const form = await readForm(request);
  const task = String(form.get(TASK_FIELD) ?? '').trim();
  if (!task || task.length > 64) return seeOther(backToTasks({ task_error: '1' }));
  try {
    const answer = await locals.client.clickTasks({ body: { loyalty_data: { [CLICKABLE_TASKS_FIELD]: [task] } } });
    const clicked = answer.clicked_tasks[0];
    if (!clicked) return seeOther(backToTasks({ task_error: '1' }));
    if (clicked.url) return seeOther(safeTaskUrl(clicked.url) ?? BACK);
    return seeOther(backToTasks({ task: clicked.uid }));
  } catch (err) {
    if (err instanceof ClientError && err.status === 401) return redirectClearingSession(locals, '/login');
    if (!(err instanceof ClientError)) console.error('task form:', err);
    return seeOther(backToTasks({ task_error: '1' }));
  }
}
