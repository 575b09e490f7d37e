// Small real files for the demo board's attachments, made in code rather than stored as blobs:
// a one-page PDF with a title line, and a PNG picture (a banner in a category's colour). Both
// open in any viewer, and file-type names them by their bytes like an upload.

import { crc32, deflateSync } from 'node:zlib';

/** A one-page A5 PDF saying `title` (ASCII; other characters become '?'), with a correct cross-reference table. */
export function demoPdf(title: string): Buffer {
  const text = title.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (m) => `\\${m}`);
  const stream = `BT /F1 16 Tf 40 520 Td (${text}) Tj 0 -28 Td /F1 11 Tf (SMA/SMP Harapan Bangsa - lampiran pengumuman) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 240×120 RGB PNG: a band of `color` (#rrggbb) fading to white, with a white stripe. */
export function demoPng(color: string): Buffer {
  const width = 240;
  const height = 120;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16) || 0);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // no filter
    for (let x = 0; x < width; x++) {
      const stripe = y > 50 && y < 70 && x > 20 && x < 220;
      const fade = x / width / 2;
      const at = row + 1 + x * 3;
      raw[at] = stripe ? 255 : Math.round(r + (255 - r) * fade);
      raw[at + 1] = stripe ? 255 : Math.round(g + (255 - g) * fade);
      raw[at + 2] = stripe ? 255 : Math.round(b + (255 - b) * fade);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
