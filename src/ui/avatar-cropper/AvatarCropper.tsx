import { useStore } from '@nanostores/react';
import { useDialogKeys } from '../dialog/use-dialog-keys';
import { useCallback, useEffect, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { AVATAR_OUTPUT_SIDE } from '../../lib/avatar-limits';
import { $avatarSave, resetAvatarSave, saveAvatar, setAvatarMessages } from './avatar-store';

// The avatar crop dialog of spec §2 and §9: zoom 1 to 3 in steps of 0.1, rotation 0 to 360 with buttons
// turning 15 degrees, change image, cancel, save (disabled until an image is chosen). The crop is drawn
// on a canvas and saved as a 250 by 250 PNG named avatar.png. It is the one React part of the portal,
// fetched on the first click of a button that opens it (src/ui/avatar-cropper/avatar-dialog.ts: the sidebar avatar on
// any page, "Change avatar" and #avatar on the account page) and mounted open by avatar-cropper-dialog.tsx.

/** Message keys an avatar save may answer with (`code` / `error_codes`): shown in the page language. */
export const AVATAR_ERROR_KEYS = [
  'invalidFileType', 'imageTooLarge', 'imageUnreadable', 'imageDimensionsTooLarge', 'imageDimensionsTooSmall', 'requestTooLarge',
  'generic',
] as const;

export const AVATAR_CROPPER_LABELS = [
  'avatarDialogTitle', 'chooseImage', 'changeImage', 'noImageChosen', 'zoom', 'rotation', 'rotateLeft', 'rotateRight',
  'cancel', 'save', 'avatarSaved', 'accountChangesError', 'loading', ...AVATAR_ERROR_KEYS,
] as const;
export type Labels = Record<(typeof AVATAR_CROPPER_LABELS)[number], string>;

interface Props {
  uid: string;
  labels: Labels;
  /** Runs when the dialog closes (the opener unmounts it and takes focus back). */
  onClosed: () => void;
}

const ZOOM_MIN = 1;
const ZOOM_MAX = 3;
const ZOOM_STEP = 0.1;
const ROTATE_STEP = 15;

export const clampZoom = (z: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(z * 10) / 10));
export const turn = (rotation: number, by: number) => (((rotation + by) % 360) + 360) % 360;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image did not load'));
    img.src = src;
  });
}

/** Draws the rotated image, cuts the crop out and scales it to side x side pixels as a PNG. */
async function cropToPng(src: string, crop: Area, rotation: number, side = AVATAR_OUTPUT_SIDE): Promise<Blob> {
  const image = await loadImage(src);
  const rad = (rotation * Math.PI) / 180;
  const boundW = Math.abs(Math.cos(rad) * image.width) + Math.abs(Math.sin(rad) * image.height);
  const boundH = Math.abs(Math.sin(rad) * image.width) + Math.abs(Math.cos(rad) * image.height);
  const rotated = document.createElement('canvas');
  rotated.width = Math.round(boundW);
  rotated.height = Math.round(boundH);
  const rctx = rotated.getContext('2d')!;
  rctx.translate(rotated.width / 2, rotated.height / 2);
  rctx.rotate(rad);
  rctx.translate(-image.width / 2, -image.height / 2);
  rctx.drawImage(image, 0, 0);
  const out = document.createElement('canvas');
  out.width = side;
  out.height = side;
  const octx = out.getContext('2d')!;
  octx.imageSmoothingQuality = 'high';
  octx.drawImage(rotated, crop.x, crop.y, crop.width, crop.height, 0, 0, side, side);
  return new Promise((resolve, reject) => out.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png'));
}

export default function AvatarCropper({ uid, labels, onClosed }: Props) {
  const [image, setImage] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<Area | null>(null);
  const [problem, setProblem] = useState('');
  const save = useStore($avatarSave);
  const fileRef = useRef<HTMLInputElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);

  const close = useCallback(() => {
    setImage((old) => {
      if (old) URL.revokeObjectURL(old);
      return null;
    });
    if (location.hash === '#avatar') history.replaceState(null, '', location.pathname + location.search);
    onClosed();
  }, [onClosed]);

  // The answers' messages in the page language (the store carries no catalogue), and a fresh status.
  useEffect(() => {
    setAvatarMessages(Object.fromEntries(AVATAR_ERROR_KEYS.map((k) => [k, labels[k]])), labels.accountChangesError);
    resetAvatarSave();
  }, [labels]);

  useDialogKeys(true, dialogRef, close, {
    focusable: 'button:not([disabled]), input:not([type="file"]), [tabindex="0"]',
    initialFocus: () => dialogRef.current?.querySelector<HTMLElement>('[data-autofocus]'),
  });

  const choose = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') {
      setProblem(labels.invalidFileType);
      return;
    }
    const url = URL.createObjectURL(file);
    loadImage(url).then(
      () => {
        setProblem('');
        resetAvatarSave();
        setImage((old) => {
          if (old) URL.revokeObjectURL(old);
          return url;
        });
        setZoom(1);
        setRotation(0);
        setCrop({ x: 0, y: 0 });
      },
      () => {
        URL.revokeObjectURL(url);
        setProblem(labels.invalidFileType);
      },
    );
  };

  const onSave = async () => {
    if (!image || !area) return;
    try {
      const png = await cropToPng(image, area, rotation);
      const url = await saveAvatar(uid, png);
      if (url) close();
    } catch {
      setProblem(labels.invalidFileType);
    }
  };

  const saving = save.state === 'saving';
  const status = problem || (save.state === 'error' ? save.message : '');
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && !saving && close()}>
      <div className="modal cropper-modal" role="dialog" aria-modal="true" aria-labelledby="avatar-dialog-title" ref={dialogRef} data-avatar-dialog>
        <h2 id="avatar-dialog-title">{labels.avatarDialogTitle}</h2>
        <input ref={fileRef} type="file" accept="image/*" className="visually-hidden" tabIndex={-1} aria-hidden="true"
          onChange={choose} data-avatar-file />
        <div className="crop-area">
          {image ? (
            <Cropper image={image} crop={crop} zoom={zoom} rotation={rotation} aspect={1} cropShape="round" showGrid={false}
              minZoom={ZOOM_MIN} maxZoom={ZOOM_MAX} zoomSpeed={0.1}
              onCropChange={setCrop} onZoomChange={(z) => setZoom(clampZoom(z))} onRotationChange={(r) => setRotation(turn(r, 0))}
              onCropComplete={(_a, pixels) => setArea(pixels)} />
          ) : (
            <div className="crop-empty">{labels.noImageChosen}</div>
          )}
        </div>
        <div className="crop-controls">
          <label>
            <span>{labels.zoom}</span>
            <input type="range" min={ZOOM_MIN} max={ZOOM_MAX} step={ZOOM_STEP} value={zoom} disabled={!image}
              onChange={(e) => setZoom(clampZoom(Number(e.target.value)))} data-avatar-zoom />
            <output>{zoom.toFixed(1)}×</output>
          </label>
          <label>
            <span>{labels.rotation}</span>
            <input type="range" min={0} max={360} step={1} value={rotation} disabled={!image}
              onChange={(e) => setRotation(Number(e.target.value))} data-avatar-rotation />
            <output>{rotation}°</output>
          </label>
          <div className="rotate-buttons">
            <button type="button" className="btn btn-secondary" disabled={!image} aria-label={labels.rotateLeft}
              onClick={() => setRotation((r) => turn(r, -ROTATE_STEP))}>↺ 15°</button>
            <button type="button" className="btn btn-secondary" disabled={!image} aria-label={labels.rotateRight}
              onClick={() => setRotation((r) => turn(r, ROTATE_STEP))} data-avatar-rotate-right>↻ 15°</button>
          </div>
        </div>
        {status && <p className="form-error" role="alert">{status}</p>}
        <div className="actions">
          <button type="button" className="btn btn-secondary" data-autofocus onClick={() => fileRef.current?.click()} data-avatar-choose>
            {image ? labels.changeImage : labels.chooseImage}
          </button>
          <button type="button" className="btn btn-secondary" onClick={close} disabled={saving}>{labels.cancel}</button>
          <button type="button" className="btn" onClick={onSave} disabled={!image || !area || saving} data-avatar-save>
            {saving ? labels.loading : labels.save}
          </button>
        </div>
      </div>
    </div>
  );
}
