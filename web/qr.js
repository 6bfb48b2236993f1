// A small QR code encoder for invite links (issue 17): byte mode, error correction level M,
// versions 1 to 10 (up to 213 bytes), the mask with the lowest penalty, drawn as one SVG path.
//
// Written for this project from the QR code specification (ISO/IEC 18004): Reed-Solomon over
// GF(256) with the polynomial 0x11D, BCH-coded format and version information, the zigzag
// placement and the four penalty rules. The browser test decodes what it draws and compares the
// modules with an independent encoder for every version and mask.

/** Per version (index 1..10) at level M: [error-correction codewords per block, [block count, data codewords per block]...]. */
const blocksM = [
  null,
  [10, [1, 16]],
  [16, [1, 28]],
  [26, [1, 44]],
  [18, [2, 32]],
  [24, [2, 43]],
  [16, [4, 27]],
  [18, [4, 31]],
  [22, [2, 38], [2, 39]],
  [22, [3, 36], [2, 37]],
  [26, [4, 43], [1, 44]],
];

/** Centres of the alignment patterns (both axes) for versions 2..10. */
const alignmentCentres = [null, [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50]];

export const MAX_VERSION = 10;

// GF(256) arithmetic with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1.
const exp = new Uint8Array(512);
const log = new Uint8Array(256);
{
  let value = 1;
  for (let power = 0; power < 255; power++) {
    exp[power] = value;
    log[value] = power;
    value <<= 1;
    if (value & 0x100) value ^= 0x11d;
  }
  for (let power = 255; power < 512; power++) exp[power] = exp[power - 255];
}
const multiply = (a, b) => (a === 0 || b === 0 ? 0 : exp[log[a] + log[b]]);

/** The generator polynomial of `degree` (coefficients from the highest power down, leading 1 left out). */
function generator(degree) {
  let poly = [1];
  for (let root = 0; root < degree; root++) {
    const next = new Array(poly.length + 1).fill(0);
    for (let i = 0; i < poly.length; i++) {
      next[i] ^= poly[i];
      next[i + 1] ^= multiply(poly[i], exp[root]);
    }
    poly = next;
  }
  return poly.slice(1);
}

/** The error-correction codewords of `data`: the remainder of data·x^degree divided by the generator. */
export function reedSolomon(data, degree) {
  const gen = generator(degree);
  const remainder = new Array(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ remainder.shift();
    remainder.push(0);
    for (let i = 0; i < degree; i++) remainder[i] ^= multiply(gen[i], factor);
  }
  return remainder;
}

const sizeOf = (version) => 17 + 4 * version;

function dataCodewords(version) {
  const [, ...groups] = blocksM[version];
  return groups.reduce((sum, [count, length]) => sum + count * length, 0);
}

/** The smallest version whose level-M byte-mode capacity holds `length` bytes, or null. */
export function versionFor(length) {
  for (let version = 1; version <= MAX_VERSION; version++) {
    const countBits = version < 10 ? 8 : 16;
    if (4 + countBits + 8 * length <= dataCodewords(version) * 8) return version;
  }
  return null;
}

/** Mode, count, bytes, terminator and padding, split into blocks, each with its error correction, interleaved. */
function codewords(bytes, version) {
  const bits = [];
  const put = (value, length) => { for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1); };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const byte of bytes) put(byte, 8);
  const capacity = dataCodewords(version) * 8;
  put(0, Math.min(4, capacity - bits.length));
  while (bits.length % 8) bits.push(0);
  const data = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  for (let pad = 0; data.length < capacity / 8; pad++) data.push(pad % 2 === 0 ? 0xec : 0x11);

  const [ecLength, ...groups] = blocksM[version];
  const blocks = [];
  let offset = 0;
  for (const [count, length] of groups) {
    for (let n = 0; n < count; n++) {
      const block = data.slice(offset, offset + length);
      offset += length;
      blocks.push({ data: block, ec: reedSolomon(block, ecLength) });
    }
  }
  const result = [];
  const longest = Math.max(...blocks.map((block) => block.data.length));
  for (let i = 0; i < longest; i++) for (const block of blocks) if (i < block.data.length) result.push(block.data[i]);
  for (let i = 0; i < ecLength; i++) for (const block of blocks) result.push(block.ec[i]);
  return result;
}

/** BCH remainder of `value` (already shifted) by `poly` of degree `degree`. */
function bch(value, poly, degree) {
  let remainder = value;
  for (let bit = Math.floor(Math.log2(remainder || 1)); bit >= degree; bit--) {
    if ((remainder >>> bit) & 1) remainder ^= poly << (bit - degree);
  }
  return remainder;
}

const masks = [
  (row, col) => (row + col) % 2 === 0,
  (row) => row % 2 === 0,
  (row, col) => col % 3 === 0,
  (row, col) => (row + col) % 3 === 0,
  (row, col) => (Math.floor(row / 2) + Math.floor(col / 3)) % 2 === 0,
  (row, col) => ((row * col) % 2) + ((row * col) % 3) === 0,
  (row, col) => (((row * col) % 2) + ((row * col) % 3)) % 2 === 0,
  (row, col) => (((row + col) % 2) + ((row * col) % 3)) % 2 === 0,
];

/** The symbol before masking: function patterns placed (and reserved), data laid out in the zigzag. */
function layout(version, words) {
  const size = sizeOf(version);
  const dark = Array.from({ length: size }, () => new Array(size).fill(false));
  const reserved = Array.from({ length: size }, () => new Array(size).fill(false));
  const set = (row, col, value) => { dark[row][col] = value; reserved[row][col] = true; };

  const finder = (top, left) => {
    for (let dr = -1; dr <= 7; dr++) {
      for (let dc = -1; dc <= 7; dc++) {
        const row = top + dr;
        const col = left + dc;
        if (row < 0 || col < 0 || row >= size || col >= size) continue;
        const ring = Math.max(Math.abs(dr - 3), Math.abs(dc - 3));
        set(row, col, ring !== 2 && ring !== 4);
      }
    }
  };
  finder(0, 0);
  finder(0, size - 7);
  finder(size - 7, 0);
  for (let i = 8; i < size - 8; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  const centres = alignmentCentres[version];
  for (const row of centres) {
    for (const col of centres) {
      const nearFinder = (row === 6 && col === 6) || (row === 6 && col === centres[centres.length - 1]) || (row === centres[centres.length - 1] && col === 6);
      if (nearFinder) continue;
      for (let dr = -2; dr <= 2; dr++) for (let dc = -2; dc <= 2; dc++) set(row + dr, col + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
    }
  }
  // Format information areas (filled per mask later), the dark module, version information.
  for (let i = 0; i < 9; i++) { reserved[8][i] = true; reserved[i][8] = true; }
  for (let i = 0; i < 8; i++) { reserved[8][size - 1 - i] = true; reserved[size - 1 - i][8] = true; }
  set(size - 8, 8, true);
  if (version >= 7) {
    const bits = (version << 12) | bch(version << 12, 0x1f25, 12);
    for (let i = 0; i < 18; i++) {
      const on = ((bits >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      set(a, b, on);
      set(b, a, on);
    }
  }

  let bit = 0;
  const total = words.length * 8;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let step = 0; step < size; step++) {
      const row = upward ? size - 1 - step : step;
      for (let j = 0; j < 2; j++) {
        const col = right - j;
        if (reserved[row][col]) continue;
        if (bit < total) dark[row][col] = ((words[bit >>> 3] >>> (7 - (bit & 7))) & 1) === 1;
        bit++;
      }
    }
  }
  return { size, dark, reserved };
}

/** The layout with `mask` applied to the data modules and the matching format information drawn. */
function applyMask({ size, dark, reserved }, mask) {
  const modules = dark.map((row, r) => row.map((value, c) => (reserved[r][c] ? value : value !== masks[mask](r, c))));
  const data = (0b00 << 3) | mask; // level M is 00
  const format = ((data << 10) | bch(data << 10, 0x537, 10)) ^ 0x5412;
  const bitAt = (i) => ((format >>> i) & 1) === 1;
  for (let i = 0; i <= 5; i++) modules[i][8] = bitAt(i);
  modules[7][8] = bitAt(6);
  modules[8][8] = bitAt(7);
  modules[8][7] = bitAt(8);
  for (let i = 9; i < 15; i++) modules[8][14 - i] = bitAt(i);
  for (let i = 0; i < 8; i++) modules[8][size - 1 - i] = bitAt(i);
  for (let i = 8; i < 15; i++) modules[size - 15 + i][8] = bitAt(i);
  modules[size - 8][8] = true;
  return modules;
}

/** The specification's penalty score: long runs, 2×2 blocks, finder-like patterns, dark balance. */
export function penalty(modules) {
  const size = modules.length;
  let score = 0;
  const lines = [];
  for (let i = 0; i < size; i++) {
    lines.push(modules[i]);
    lines.push(modules.map((row) => row[i]));
  }
  const finderLike = [true, false, true, true, true, false, true];
  for (const line of lines) {
    let run = 1;
    for (let i = 1; i <= size; i++) {
      if (i < size && line[i] === line[i - 1]) { run++; continue; }
      if (run >= 5) score += 3 + (run - 5);
      run = 1;
    }
    for (let i = 0; i + 7 <= size; i++) {
      if (!finderLike.every((value, k) => line[i + k] === value)) continue;
      const lightBefore = [1, 2, 3, 4].every((k) => i - k < 0 || !line[i - k]);
      const lightAfter = [0, 1, 2, 3].every((k) => i + 7 + k >= size || !line[i + 7 + k]);
      if (lightBefore) score += 40;
      if (lightAfter) score += 40;
    }
  }
  for (let r = 0; r + 1 < size; r++) {
    for (let c = 0; c + 1 < size; c++) {
      const value = modules[r][c];
      if (modules[r][c + 1] === value && modules[r + 1][c] === value && modules[r + 1][c + 1] === value) score += 3;
    }
  }
  const darkCount = modules.reduce((sum, row) => sum + row.filter(Boolean).length, 0);
  const total = size * size;
  score += 10 * Math.floor(Math.abs(darkCount * 20 - total * 10) / total);
  return score;
}

/**
 * Encodes `text` (as UTF-8 bytes) into a QR code's modules: rows of booleans, true is dark.
 * `version` and `mask` are chosen (smallest version, lowest penalty) unless given.
 * Throws a RangeError when the text does not fit version 10.
 */
export function encodeQR(text, { version, mask } = {}) {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : Uint8Array.from(text);
  const smallest = versionFor(bytes.length);
  if (smallest === null) throw new RangeError(`${bytes.length} bytes do not fit a version ${MAX_VERSION} QR code`);
  const chosen = version ?? smallest;
  if (chosen < smallest || chosen > MAX_VERSION) throw new RangeError(`version ${chosen} cannot hold ${bytes.length} bytes`);
  const base = layout(chosen, codewords(bytes, chosen));
  if (mask !== undefined) return applyMask(base, mask);
  let best = null;
  for (let candidate = 0; candidate < 8; candidate++) {
    const modules = applyMask(base, candidate);
    const score = penalty(modules);
    if (!best || score < best.score) best = { score, modules };
  }
  return best.modules;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An SVG drawing of `text`'s QR code with the four-module quiet zone, labelled for screen readers. */
export function qrSvg(text, { label = 'QR code' } = {}) {
  const modules = encodeQR(text);
  const quiet = 4;
  const extent = modules.length + 2 * quiet;
  let path = '';
  modules.forEach((row, r) => row.forEach((on, c) => { if (on) path += `M${c + quiet} ${r + quiet}h1v1h-1z`; }));
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${extent} ${extent}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  svg.setAttribute('shape-rendering', 'crispEdges');
  svg.setAttribute('class', 'invite-qr');
  const background = document.createElementNS(SVG_NS, 'rect');
  background.setAttribute('width', String(extent));
  background.setAttribute('height', String(extent));
  background.setAttribute('fill', '#fff');
  const ink = document.createElementNS(SVG_NS, 'path');
  ink.setAttribute('d', path);
  ink.setAttribute('fill', '#000');
  svg.append(background, ink);
  return svg;
}
