import { useEffect, useId, useRef, useState } from 'react';
import { copyText, trackShare, type ShareTarget } from '../lib/share-tracking';

// A read-only field with Copy (and optionally Share): the referral link, share code, memorable URL or an
// asset's embed code. Every copy or share is recorded with POST /api/track/share/; that call never
// delays or blocks the copy and its failures are only logged (spec §8).

export interface CopyShareProps {
  value: string;
  /** Short code the copy/share is recorded against; nothing is recorded without one. */
  shortCode?: string | null;
  /** Channel recorded for a copy: `copy` (spec §9) unless told otherwise (e.g. `embed`). */
  channel?: string;
  fieldLabel: string;
  labels: { copy: string; copied: string; copyFailed: string; share?: string; shareUnavailable?: string };
  multiline?: boolean;
  /** Share options: Web Share where the device has it, else these links (e-mail and social networks). */
  share?: { title: string; text: string; targets: ShareTarget[] };
}

type Status = 'idle' | 'copied' | 'failed';

export default function CopyShare({ value, shortCode, channel = 'copy', fieldLabel, labels, multiline, share }: CopyShareProps) {
  const id = useId();
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function onCopy() {
    clearTimeout(timer.current);
    const ok = await copyText(value);
    setStatus(ok ? 'copied' : 'failed');
    if (ok) {
      void trackShare(shortCode, channel);
      timer.current = setTimeout(() => setStatus('idle'), 2500);
    } else {
      // Let the person copy it themselves: the text is selected and stays on screen.
      field.current?.focus();
      field.current?.select();
    }
  }

  async function onShare() {
    if (!share) return;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: share.title, text: share.text, url: value });
        void trackShare(shortCode, 'web_share');
      } catch (err) {
        if ((err as Error)?.name !== 'AbortError') setOpen(true);
      }
      return;
    }
    setOpen((o) => !o);
  }

  const Field = multiline ? 'textarea' : 'input';
  return (
    <div className="copy-share" data-copy-share>
      <label className="visually-hidden" htmlFor={id}>{fieldLabel}</label>
      <div className="copy-row">
        <Field id={id} ref={field} className="copy-field" readOnly value={value} rows={multiline ? 4 : undefined}
          onFocus={(e) => e.currentTarget.select()} spellCheck={false} />
        <button type="button" className="btn" onClick={onCopy} data-copy>{labels.copy}</button>
        {share && labels.share && (
          <button type="button" className="btn btn-secondary" onClick={onShare} aria-expanded={open} data-share>{labels.share}</button>
        )}
      </div>
      <p className="copy-status" role="status" aria-live="polite" data-copy-status={status}>
        {status === 'copied' ? labels.copied : status === 'failed' ? labels.copyFailed : ''}
      </p>
      {share && open && (
        <ul className="share-targets" data-share-targets>
          {share.targets.map((target) => (
            <li key={target.channel}>
              <a href={target.href} target="_blank" rel="noopener noreferrer" onClick={() => void trackShare(shortCode, target.channel)}>
                {target.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
