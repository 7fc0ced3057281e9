// File kind by extension (spec §5), for choosing how an asset is previewed.

export type FileKind = 'video' | 'image' | 'audio' | 'pdf' | 'other';

const KINDS: Record<string, FileKind> = {
  mp4: 'video',
  mpg: 'video',
  mpeg: 'video',
  webm: 'video',
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  mp3: 'audio',
  ogg: 'audio',
  wav: 'audio',
  pdf: 'pdf',
};

/** Lower-case extension of a file name or URL, ignoring ?query and #fragment; "" when there is none. */
export function fileExtension(nameOrUrl: string | null | undefined): string {
  const path = (nameOrUrl ?? '').split(/[?#]/, 1)[0] ?? '';
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 || (dot === 0 && name.length > 1) ? name.slice(dot + 1).toLowerCase() : '';
}

export function fileKind(nameOrUrl: string | null | undefined): FileKind {
  return KINDS[fileExtension(nameOrUrl)] ?? 'other';
}
