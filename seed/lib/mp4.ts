// A tiny, valid H.264 MP4 (a few frames of coloured blocks) written without an encoder: every
// macroblock is I_PCM (raw samples), which any baseline-profile decoder accepts.
import { hexRgb } from './files.ts';

class Bits {
  bits: number[] = [];
  u(n: number, value: number) {
    for (let i = n - 1; i >= 0; i--) this.bits.push((value >>> i) & 1);
  }
  ue(value: number) {
    const v = value + 1;
    const len = Math.floor(Math.log2(v));
    this.u(len, 0);
    this.u(len + 1, v);
  }
  se(value: number) {
    this.ue(value > 0 ? 2 * value - 1 : -2 * value);
  }
  align() {
    while (this.bits.length % 8 !== 0) this.bits.push(0);
  }
  trailing() {
    this.bits.push(1);
    this.align();
  }
  bytes(): number[] {
    if (this.bits.length % 8 !== 0) throw new Error('not byte aligned');
    const out: number[] = [];
    for (let i = 0; i < this.bits.length; i += 8) out.push(parseInt(this.bits.slice(i, i + 8).join(''), 2));
    return out;
  }
}

/** NAL unit: header byte, then the RBSP with emulation-prevention bytes. */
function nal(refIdc: number, type: number, rbsp: number[]): Buffer {
  const out = [(refIdc << 5) | type];
  let zeros = 0;
  for (const b of rbsp) {
    if (zeros >= 2 && b <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(b);
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return Buffer.from(out);
}

const PROFILE = 66; // baseline
const CONSTRAINTS = 0xc0;
const LEVEL = 30;

function sps(widthMbs: number, heightMbs: number): Buffer {
  const b = new Bits();
  b.u(8, PROFILE);
  b.u(8, CONSTRAINTS);
  b.u(8, LEVEL);
  b.ue(0); // seq_parameter_set_id
  b.ue(0); // log2_max_frame_num_minus4
  b.ue(2); // pic_order_cnt_type
  b.ue(1); // max_num_ref_frames
  b.u(1, 0); // gaps_in_frame_num_value_allowed_flag
  b.ue(widthMbs - 1);
  b.ue(heightMbs - 1);
  b.u(1, 1); // frame_mbs_only_flag
  b.u(1, 1); // direct_8x8_inference_flag
  b.u(1, 0); // frame_cropping_flag
  b.u(1, 0); // vui_parameters_present_flag
  b.trailing();
  return nal(3, 7, b.bytes());
}

function pps(): Buffer {
  const b = new Bits();
  b.ue(0); // pic_parameter_set_id
  b.ue(0); // seq_parameter_set_id
  b.u(1, 0); // entropy_coding_mode_flag (CAVLC)
  b.u(1, 0); // bottom_field_pic_order_in_frame_present_flag
  b.ue(0); // num_slice_groups_minus1
  b.ue(0); // num_ref_idx_l0_default_active_minus1
  b.ue(0); // num_ref_idx_l1_default_active_minus1
  b.u(1, 0); // weighted_pred_flag
  b.u(2, 0); // weighted_bipred_idc
  b.se(0); // pic_init_qp_minus26
  b.se(0); // pic_init_qs_minus26
  b.se(0); // chroma_qp_index_offset
  b.u(1, 0); // deblocking_filter_control_present_flag
  b.u(1, 0); // constrained_intra_pred_flag
  b.u(1, 0); // redundant_pic_cnt_present_flag
  b.trailing();
  return nal(3, 8, b.bytes());
}

type Yuv = readonly [number, number, number];
function yuv(hex: string): Yuv {
  const [r, g, b] = hexRgb(hex).map((v) => v / 255) as [number, number, number];
  const clamp = (v: number) => Math.max(16, Math.min(235, Math.round(v)));
  return [
    clamp(16 + 65.481 * r + 128.553 * g + 24.966 * b),
    clamp(128 - 37.797 * r - 74.203 * g + 112 * b),
    clamp(128 + 112 * r - 93.786 * g - 18.214 * b),
  ];
}

/** One IDR picture: every macroblock I_PCM, coloured by `colour(mbX, mbY)`. */
function idrSlice(widthMbs: number, heightMbs: number, idrPicId: number, colour: (x: number, y: number) => Yuv): Buffer {
  const b = new Bits();
  b.ue(0); // first_mb_in_slice
  b.ue(7); // slice_type: I (all slices)
  b.ue(0); // pic_parameter_set_id
  b.u(4, 0); // frame_num
  b.ue(idrPicId);
  b.u(1, 0); // no_output_of_prior_pics_flag
  b.u(1, 0); // long_term_reference_flag
  b.se(0); // slice_qp_delta
  for (let y = 0; y < heightMbs; y++) {
    for (let x = 0; x < widthMbs; x++) {
      const [luma, cb, cr] = colour(x, y);
      b.ue(25); // mb_type I_PCM
      b.align(); // pcm_alignment_zero_bits
      for (let i = 0; i < 256; i++) b.u(8, luma);
      for (let i = 0; i < 64; i++) b.u(8, cb);
      for (let i = 0; i < 64; i++) b.u(8, cr);
    }
  }
  b.trailing();
  return nal(3, 5, b.bytes());
}

const u8 = (n: number) => Buffer.from([n & 0xff]);
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n & 0xffff);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const zeros = (n: number) => Buffer.alloc(n);
function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
}
const fullBox = (type: string, version: number, flags: number, ...parts: Buffer[]) =>
  box(type, u8(version), Buffer.from([(flags >> 16) & 0xff, (flags >> 8) & 0xff, flags & 0xff]), ...parts);
const MATRIX = Buffer.concat([0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].map(u32));

/** A short looping clip of brand-coloured blocks (48x32, 4 fps). */
export function tinyMp4(primary: string, accent: string, frames = 6): Buffer {
  const W = 3;
  const H = 2;
  const FPS = 4;
  const TIMESCALE = 1000;
  const a = yuv(primary);
  const c = yuv(accent);
  const spsNal = sps(W, H);
  const ppsNal = pps();
  const samples = Array.from({ length: frames }, (_, f) => {
    const slice = idrSlice(W, H, f % 2, (x, y) => ((x + y * W + f) % 3 === 0 ? c : a));
    return Buffer.concat([u32(slice.length), slice]);
  });
  const duration = (frames * TIMESCALE) / FPS;

  const avcC = box('avcC', u8(1), u8(PROFILE), u8(CONSTRAINTS), u8(LEVEL), u8(0xff), u8(0xe1), u16(spsNal.length), spsNal, u8(1), u16(ppsNal.length), ppsNal);
  const compressor = zeros(32);
  const avc1 = box('avc1',
    zeros(6), u16(1), // reserved, data_reference_index
    zeros(16), u16(W * 16), u16(H * 16), u32(0x00480000), u32(0x00480000), zeros(4), u16(1), compressor, u16(0x18), u16(0xffff),
    avcC);
  const stbl = (chunkOffset: number) => box('stbl',
    fullBox('stsd', 0, 0, u32(1), avc1),
    fullBox('stts', 0, 0, u32(1), u32(frames), u32(TIMESCALE / FPS)),
    fullBox('stsc', 0, 0, u32(1), u32(1), u32(frames), u32(1)),
    fullBox('stsz', 0, 0, u32(0), u32(frames), ...samples.map((s) => u32(s.length))),
    fullBox('stco', 0, 0, u32(1), u32(chunkOffset)));
  const moov = (chunkOffset: number) => box('moov',
    fullBox('mvhd', 0, 0, u32(0), u32(0), u32(TIMESCALE), u32(duration), u32(0x00010000), u16(0x0100), zeros(10), MATRIX, zeros(24), u32(2)),
    box('trak',
      fullBox('tkhd', 0, 3, u32(0), u32(0), u32(1), zeros(4), u32(duration), zeros(8), u16(0), u16(0), u16(0), zeros(2), MATRIX, u32((W * 16) << 16), u32((H * 16) << 16)),
      box('mdia',
        fullBox('mdhd', 0, 0, u32(0), u32(0), u32(TIMESCALE), u32(duration), u16(0x55c4), u16(0)),
        fullBox('hdlr', 0, 0, u32(0), Buffer.from('vide', 'latin1'), zeros(12), Buffer.from('VideoHandler\0', 'latin1')),
        box('minf',
          fullBox('vmhd', 0, 1, zeros(8)),
          box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))),
          stbl(chunkOffset)))));
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), u32(0x200), Buffer.from('isomiso2avc1mp41', 'latin1'));
  const offset = ftyp.length + moov(0).length + 8;
  return Buffer.concat([ftyp, moov(offset), box('mdat', ...samples)]);
}
