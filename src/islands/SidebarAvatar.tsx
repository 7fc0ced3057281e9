import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { $avatarSave } from '../lib/stores/profile';
import type { Labels } from './AvatarCropper';

// The sidebar avatar with click-to-edit (spec §2). Server-rendered (and until it hydrates) it is a link to
// /app/account#avatar, whose page opens the crop dialog, so it works without JavaScript. Hydrated, it is
// a button that opens the dialog in place; the cropper (with react-easy-crop) is a separate chunk fetched
// on the first click, so pages pay only for this small button.

const AvatarCropper = lazy(() => import('./AvatarCropper'));

interface Props {
  uid: string;
  avatarUrl: string;
  /** The control's name ("Edit avatar"). */
  label: string;
  labels: Labels;
}

export default function SidebarAvatar({ uid, avatarUrl, label, labels }: Props) {
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const save = useStore($avatarSave);
  const src = save.state === 'saved' ? save.url : avatarUrl;
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the link becomes a button only in the browser
  useEffect(() => setHydrated(true), []);
  const standalone = useMemo(() => ({ onClosed: () => {
    setOpen(false);
    button.current?.focus();
  } }), []);

  const picture = (
    <>
      <img className="avatar" src={src} alt="" width={56} height={56} data-fallback="/default-avatar.svg" data-sidebar-avatar />
      <span className="visually-hidden">{label}</span>
    </>
  );
  if (!hydrated) return <a className="avatar-button" href="/app/account#avatar" title={label}>{picture}</a>;
  return (
    <>
      <button ref={button} type="button" className="avatar-button" title={label} aria-haspopup="dialog" aria-expanded={open}
        onClick={() => setOpen(true)} data-sidebar-avatar-button>
        {picture}
      </button>
      {open && (
        <Suspense fallback={null}>
          <AvatarCropper uid={uid} labels={labels} standalone={standalone} />
        </Suspense>
      )}
    </>
  );
}
