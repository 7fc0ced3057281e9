// The review inbox's keyboard shortcuts, on top of a page that works without them: j / k move to the next or
// previous item, x selects it, a presses its first action (approve, or mark fulfilled), d its second (deny, or
// fail), ? shows the list of shortcuts. A key typed into a field, a select or with a modifier is never taken.
// The "select all" box exists only with this script (without it each box is ticked by hand).

const ITEM = '[data-review-item]';

/** A key press meant for a control, not for the inbox: typing, choosing, or a browser or system shortcut. */
function forControl(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const el = event.target;
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  return el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(el.type);
}

function items(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(ITEM)];
}

function current(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement ? active.closest<HTMLElement>(ITEM) : null;
}

function move(step: 1 | -1): void {
  const list = items();
  if (!list.length) return;
  const at = current();
  const index = at ? list.indexOf(at) + step : step === 1 ? 0 : list.length - 1;
  const next = list[Math.max(0, Math.min(list.length - 1, index))]!;
  next.focus();
  next.scrollIntoView({ block: 'nearest' });
}

function press(which: 'approve' | 'deny'): void {
  current()?.querySelector<HTMLButtonElement>(`[data-review-key="${which}"]`)?.click();
}

function toggle(): void {
  const box = current()?.querySelector<HTMLInputElement>('input[type="checkbox"][data-review-select]');
  if (!box) return;
  box.checked = !box.checked;
  box.dispatchEvent(new Event('change', { bubbles: true }));
}

function showHelp(): void {
  const help = document.querySelector<HTMLDetailsElement>('[data-review-shortcuts]');
  if (!help) return;
  help.open = true;
  help.querySelector<HTMLElement>('summary')?.focus();
}

export function enhanceReviewInbox(): void {
  document.addEventListener('keydown', (event) => {
    if (forControl(event) || !document.querySelector(ITEM)) return;
    const actions: Record<string, () => void> = {
      j: () => move(1), k: () => move(-1), x: toggle, a: () => press('approve'), d: () => press('deny'), '?': showHelp,
    };
    const run = actions[event.key];
    if (!run) return;
    event.preventDefault();
    run();
  });

  const all = document.querySelector<HTMLInputElement>('[data-review-select-all]');
  if (!all) return;
  const boxes = () => [...document.querySelectorAll<HTMLInputElement>('input[data-review-select]')];
  all.closest<HTMLElement>('[hidden]')?.removeAttribute('hidden');
  all.addEventListener('change', () => {
    for (const box of boxes()) box.checked = all.checked;
  });
  document.addEventListener('change', (event) => {
    if (!(event.target instanceof HTMLInputElement) || !event.target.matches('[data-review-select]')) return;
    const list = boxes();
    const ticked = list.filter((b) => b.checked).length;
    all.checked = ticked === list.length;
    all.indeterminate = ticked > 0 && ticked < list.length;
  });
}
