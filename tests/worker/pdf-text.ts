// Reads the text a PDF shows, for tests: every content stream (inflated when it is FlateDecode, with the
// platform's DecompressionStream), then the strings of its text operators (Tj and TJ), hex (<...>, as pdf-lib
// writes the standard fonts' WinAnsi bytes) or literal ((...)). One line per operator, in the order drawn.

/** Bytes as one character each (WinAnsi reads as Latin-1 for the letters tests look for). */
const latin1 = {
  decode(bytes: Uint8Array) {
    let out = '';
    for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
    return out;
  },
};

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function decodeLiteral(s: string): string {
  return s.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, e: string) => {
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[e] ?? e;
  });
}

const decodeHex = (hex: string) => {
  const clean = hex.replace(/\s+/g, '');
  let out = '';
  for (let i = 0; i < clean.length; i += 2) out += String.fromCharCode(parseInt(clean.slice(i, i + 2).padEnd(2, '0'), 16));
  return out;
};

/** The PDF's shown text, one line per text operator. */
export async function pdfText(pdf: ArrayBuffer | Uint8Array): Promise<string> {
  const bytes = pdf instanceof Uint8Array ? pdf : new Uint8Array(pdf);
  const text = latin1.decode(bytes);
  const lines: string[] = [];
  const streamAt = /<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g;
  for (let m = streamAt.exec(text); m; m = streamAt.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    // The stream's own length when the dictionary gives it directly, else up to the end-of-line before `endstream`.
    const length = /\/Length (\d+)(?!\s+\d+\s+R)/.exec(m[1]!);
    let data = length ? bytes.subarray(start, start + Number(length[1])) : bytes.subarray(start, text.slice(start, end).replace(/\r?\n$/, '').length + start);
    if (/\/FlateDecode/.test(m[1]!)) {
      try {
        data = await inflate(data);
      } catch {
        continue; // a stream that is not deflate data (a font or an image): no text in it
      }
    }
    const content = latin1.decode(data);
    for (const op of content.matchAll(/(<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\))\s*Tj|\[((?:[^\]])*)\]\s*TJ/g)) {
      if (op[1]) lines.push(op[1].startsWith('<') ? decodeHex(op[1].slice(1, -1)) : decodeLiteral(op[1].slice(1, -1)));
      else {
        const parts = [...op[2]!.matchAll(/<([0-9A-Fa-f\s]*)>|\(((?:\\.|[^\\)])*)\)/g)].map((p) => (p[1] !== undefined ? decodeHex(p[1]) : decodeLiteral(p[2]!)));
        lines.push(parts.join(''));
      }
    }
    streamAt.lastIndex = end;
  }
  return lines.join('\n');
}
