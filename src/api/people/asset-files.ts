import { inspectImage } from './image-check';

// What an uploaded asset really is, from its first bytes (never its name or declared type): the avatar
// images (PNG, JPEG, WebP, with a readable header; src/api/people/image-check.ts), MP4 and WebM video,
// MP3, Ogg and WAV audio, and PDF. Anything else (an executable, HTML, SVG, a ZIP, QuickTime, HEIC/AVIF,
// Matroska) is refused. The type found decides the stored content type and the file's extension.

export type AssetKind = 'image' | 'video' | 'audio' | 'pdf';

export interface AssetFileType {
  kind: AssetKind;
  contentType: string;
  extension: string;
}

const ascii = (b: Uint8Array, at: number, len: number) => String.fromCharCode(...b.subarray(at, at + len));
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;

/** ISO base media brands of MP4 video (not QuickTime `qt  `, nor HEIC/AVIF images, nor M4A audio). */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'dash', 'M4V ', 'mmp4', 'MSNV']);

function isMp4(b: Uint8Array) {
  return b.length >= 16 && ascii(b, 4, 4) === 'ftyp' && u32be(b, 0) >= 16 && MP4_BRANDS.has(ascii(b, 8, 4));
}

/** EBML header (1A 45 DF A3) whose DocType element (42 82, a one-byte size) says `webm`, not `matroska`. */
function isWebm(b: Uint8Array) {
  if (!(b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3)) return false;
  for (let i = 4; i < Math.min(b.length - 6, 64); i++) {
    if (b[i] === 0x42 && b[i + 1] === 0x82 && b[i + 2] === 0x84) return ascii(b, i + 3, 4) === 'webm';
  }
  return false;
}

/** An MPEG audio layer III frame header: sync, a known version, layer III, a valid bitrate and sample rate. */
function isMp3Frame(b: Uint8Array, at: number) {
  if (at + 3 > b.length || b[at] !== 0xff || (b[at + 1]! & 0xe0) !== 0xe0) return false;
  const version = (b[at + 1]! >> 3) & 3;
  const layer = (b[at + 1]! >> 1) & 3;
  const bitrate = b[at + 2]! >> 4;
  const rate = (b[at + 2]! >> 2) & 3;
  return version !== 1 && layer === 1 && bitrate !== 0xf && rate !== 3;
}

/** MP3: a frame at the start, or an ID3v2 tag (its size in syncsafe bytes) followed by a frame. */
function isMp3(b: Uint8Array) {
  if (ascii(b, 0, 3) !== 'ID3') return isMp3Frame(b, 0);
  if (b.length < 10 || b[3]! < 2 || b[3]! > 4 || [6, 7, 8, 9].some((k) => b[k]! >= 0x80)) return false;
  const size = (b[6]! << 21) | (b[7]! << 14) | (b[8]! << 7) | b[9]!;
  return isMp3Frame(b, 10 + size + (b[5]! & 0x10 ? 10 : 0));
}

/** Ogg: the first page (version 0, beginning of stream) carries a Vorbis, Opus or FLAC header (not Theora video). */
function isOggAudio(b: Uint8Array) {
  if (b.length < 28 || ascii(b, 0, 4) !== 'OggS' || b[4] !== 0 || !(b[5]! & 0x02)) return false;
  const payload = 27 + b[26]!;
  return ascii(b, payload, 7) === '\x01vorbis' || ascii(b, payload, 8) === 'OpusHead' || ascii(b, payload, 5) === '\x7fFLAC';
}

const isWav = (b: Uint8Array) => b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WAVE';
const isPdf = (b: Uint8Array) => /^%PDF-[12]\.\d/.test(ascii(b, 0, 8));

/** The asset's real type, or null when it is none of the accepted ones. */
export function sniffAssetFile(bytes: Uint8Array): AssetFileType | null {
  const image = inspectImage(bytes);
  if (!('problem' in image)) return { kind: 'image', contentType: image.contentType, extension: image.extension };
  if (isPdf(bytes)) return { kind: 'pdf', contentType: 'application/pdf', extension: 'pdf' };
  if (isMp4(bytes)) return { kind: 'video', contentType: 'video/mp4', extension: 'mp4' };
  if (isWebm(bytes)) return { kind: 'video', contentType: 'video/webm', extension: 'webm' };
  if (isMp3(bytes)) return { kind: 'audio', contentType: 'audio/mpeg', extension: 'mp3' };
  if (isOggAudio(bytes)) return { kind: 'audio', contentType: 'audio/ogg', extension: 'ogg' };
  if (isWav(bytes)) return { kind: 'audio', contentType: 'audio/wav', extension: 'wav' };
  return null;
}
