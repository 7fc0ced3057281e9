import { copyText, trackShare } from './share-tracking.ts';

// The browser side of the copy fields written by copy-share-markup.ts: Copy, Share (Web Share where the
// device has it, else the list of share links) and the status line. A copy or share is recorded fire
// and forget (trackShare); when the browser refuses to copy, the text is selected for the person to copy.

const COPIED_SHOWN_MS = 2500;

type Field = HTMLInputElement | HTMLTextAreaElement;

function enhance(box: HTMLElement): void {
  box.removeAttribute('data-enhance');
  const field = box.querySelector<Field>('.copy-field');
  const status = box.querySelector<HTMLElement>('[data-copy-status]');
  const copy = box.querySelector<HTMLButtonElement>('button[data-copy]');
  if (!field || !status || !copy) return;
  const { shortCode, channel = 'copy', copied = '', copyFailed = '', shareTitle = '', shareText = '' } = box.dataset;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = (state: 'idle' | 'copied' | 'failed') => {
    status.dataset.copyStatus = state;
    status.textContent = state === 'copied' ? copied : state === 'failed' ? copyFailed : '';
  };

  field.addEventListener('focus', () => field.select());
  copy.addEventListener('click', async () => {
    clearTimeout(timer);
    const ok = await copyText(field.value);
    show(ok ? 'copied' : 'failed');
    if (ok) {
      void trackShare(shortCode, channel);
      timer = setTimeout(() => show('idle'), COPIED_SHOWN_MS);
    } else {
      // Let the person copy it themselves: the text is selected and stays on screen.
      field.focus();
      field.select();
    }
  });

  const share = box.querySelector<HTMLButtonElement>('button[data-share]');
  const targets = box.querySelector<HTMLElement>('[data-share-targets]');
  if (!share || !targets) return;
  const setOpen = (open: boolean) => {
    targets.hidden = !open;
    share.setAttribute('aria-expanded', String(open));
  };
  share.addEventListener('click', async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: shareTitle, text: shareText, url: field.value });
        void trackShare(shortCode, 'web_share');
      } catch (err) {
        if ((err as Error | null)?.name !== 'AbortError') setOpen(true);
      }
      return;
    }
    setOpen(targets.hidden);
  });
  targets.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-channel]');
    if (link?.dataset.channel) void trackShare(shortCode, link.dataset.channel);
  });
}

/** Wires every copy field on the page that is not wired yet. */
export function enhanceCopyShares(root: ParentNode = document): void {
  for (const box of root.querySelectorAll<HTMLElement>('[data-copy-share][data-enhance]')) enhance(box);
}
