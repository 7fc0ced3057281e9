// Tiny but valid demo files (PNG, PDF, ZIP, MP3, SVG), written by hand so the seed needs no tools.
import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

export function hexRgb(hex: string): Rgb {
  const h = hex.replace('#', '');
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), body, u32(crc32(body))]);
}

/** An RGB PNG whose pixel (x, y) is `pixel(x, y)`. */
export function png(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
    rows[o++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      rows[o++] = r;
      rows[o++] = g;
      rows[o++] = b;
    }
  }
  const ihdr = Buffer.concat([u32(width), u32(height), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

/** A banner: diagonal gradient between two brand colours with soft stripes. */
export function bannerPng(width: number, height: number, from: string, to: string): Buffer {
  const a = hexRgb(from);
  const b = hexRgb(to);
  return png(width, height, (x, y) => {
    const t = (x / width) * 0.7 + (y / height) * 0.3;
    const stripe = Math.floor((x + y) / 24) % 2 === 0 ? 0 : 0.06;
    return mix(mix(a, b, t), [255, 255, 255], stripe);
  });
}

/** A round avatar: a head-and-shoulders silhouette on a coloured disc. */
export function avatarPng(size: number, background: string, figure: string): Buffer {
  const bg = hexRgb(background);
  const fg = hexRgb(figure);
  const c = size / 2;
  return png(size, size, (x, y) => {
    const dx = x - c;
    const dy = y - c;
    if (dx * dx + dy * dy > c * c) return [255, 255, 255];
    const head = (dx * dx + (y - size * 0.38) ** 2) < (size * 0.17) ** 2;
    const body = y > size * 0.62 && (dx * dx) / (size * 0.3) ** 2 + ((y - size * 0.9) ** 2) / (size * 0.32) ** 2 < 1;
    return head || body ? fg : bg;
  });
}

/** A one-page PDF with a title and a line of text. */
export function pdf(title: string, line: string): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (ch) => `\\${ch}`);
  const stream = `BT /F1 24 Tf 72 720 Td (${esc(title)}) Tj ET\nBT /F1 12 Tf 72 690 Td (${esc(line)}) Tj ET\n`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}endstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A ZIP archive of text files, stored without compression. Timestamps are fixed (1 Jan 2024). */
export function zip(files: { name: string; text: string }[]): Buffer {
  const DOS_TIME = 0;
  const DOS_DATE = ((2024 - 1980) << 9) | (1 << 5) | 1;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const data = Buffer.from(f.text, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/**
 * Silent MP3: MPEG-1 Layer III frames, 128 kbit/s, 44.1 kHz, mono, all-zero side info and main data
 * (which decodes as silence). 38 frames are about one second.
 */
export function silentMp3(frames: number): Buffer {
  const FRAME_BYTES = 417; // 144 * 128000 / 44100, no padding
  const frame = Buffer.alloc(FRAME_BYTES);
  frame.set([0xff, 0xfb, 0x90, 0xc0], 0);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A wordmark logo: a rounded mark with an initial, then the name. */
export function logoSvg(name: string, mark: string, text: string, accent: string): string {
  const width = 64 + 15 * name.length; // room for wide system fonts
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="48" viewBox="0 0 ${width} 48" role="img" aria-label="${xmlEscape(name)}">
  <rect x="2" y="4" width="40" height="40" rx="10" fill="${mark}"/>
  <circle cx="34" cy="12" r="5" fill="${accent}"/>
  <text x="22" y="32" font-family="system-ui, sans-serif" font-size="22" font-weight="700" fill="#ffffff" text-anchor="middle">${xmlEscape(name[0]!)}</text>
  <text x="52" y="32" font-family="system-ui, sans-serif" font-size="22" font-weight="600" fill="${text}">${xmlEscape(name)}</text>
</svg>
`;
}

export function faviconSvg(initial: string, mark: string, accent: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="7" fill="${mark}"/>
  <circle cx="25" cy="7" r="4" fill="${accent}"/>
  <text x="15" y="23" font-family="system-ui, sans-serif" font-size="18" font-weight="700" fill="#ffffff" text-anchor="middle">${xmlEscape(initial)}</text>
</svg>
`;
}

export function bannerSvg(title: string, from: string, to: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="160" viewBox="0 0 720 160" role="img" aria-label="${xmlEscape(title)}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="720" height="160" fill="url(#g)"/>
  <text x="32" y="92" font-family="system-ui, sans-serif" font-size="36" font-weight="700" fill="#ffffff">${xmlEscape(title)}</text>
</svg>
`;
}

/** A round medal with a glyph, for tiers, badges and reward cards. */
export function medalSvg(label: string, glyph: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${xmlEscape(label)}">
  <circle cx="48" cy="48" r="44" fill="${color}"/>
  <circle cx="48" cy="48" r="36" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="3"/>
  <text x="48" y="60" font-family="system-ui, sans-serif" font-size="34" font-weight="700" fill="#ffffff" text-anchor="middle">${xmlEscape(glyph)}</text>
</svg>
`;
}

/** A gift-card face for rewards. */
export function cardSvg(label: string, color: string, text = '#ffffff'): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200" role="img" aria-label="${xmlEscape(label)}">
  <rect width="320" height="200" rx="16" fill="${color}"/>
  <rect x="20" y="150" width="90" height="12" rx="6" fill="${text}" fill-opacity="0.5"/>
  <text x="20" y="60" font-family="system-ui, sans-serif" font-size="24" font-weight="700" fill="${text}">${xmlEscape(label)}</text>
</svg>
`;
}
