// .npy files and ONNX Runtime session options for the bench's ORT scripts
// (ort-run.js, ort-dump.js, ort-ops/run.js): one reader, one writer.
'use strict';
const fs = require('fs');

// npy descr <-> ORT tensor type and typed array.
const types = [
  ['<f4', 'float32', Float32Array], ['<f8', 'float64', Float64Array],
  ['<f2', 'float16', Uint16Array], ['|i1', 'int8', Int8Array], ['|u1', 'uint8', Uint8Array],
  ['<i2', 'int16', Int16Array], ['<u2', 'uint16', Uint16Array], ['<i4', 'int32', Int32Array],
  ['<i8', 'int64', BigInt64Array], ['|b1', 'bool', Uint8Array],
];

// readNpy returns {type, data, shape}: type an ORT tensor type, data its
// typed array (booleans as an array of booleans, as ort.Tensor takes them).
function readNpy(file) {
  const b = fs.readFileSync(file);
  if (b.toString('latin1', 0, 6) !== '\x93NUMPY') throw new Error(`${file}: not a .npy file`);
  const major = b[6];
  const hlen = major === 1 ? b.readUInt16LE(8) : b.readUInt32LE(8);
  const off = (major === 1 ? 10 : 12) + hlen;
  const header = b.toString('latin1', major === 1 ? 10 : 12, off);
  if (/'fortran_order':\s*True/.test(header)) throw new Error(`${file}: Fortran order is not supported`);
  const descr = header.match(/'descr':\s*'([^']*)'/)[1];
  if (descr[0] === '>') throw new Error(`${file}: big-endian data is not supported`);
  const row = types.find(t => t[0].slice(1) === descr.slice(1));
  if (!row) throw new Error(`${file}: unsupported dtype ${descr}`);
  const shape = header.match(/'shape':\s*\(([^)]*)\)/)[1].split(',').map(s => s.trim()).filter(s => s).map(Number);
  const bytes = b.buffer.slice(b.byteOffset + off, b.byteOffset + b.length);
  const data = row[1] === 'bool' ? Array.from(new Uint8Array(bytes), v => v !== 0) : new row[2](bytes);
  return { type: row[1], data, shape };
}

// writeNpy writes an ORT tensor ({type, dims, data}) through a temporary
// file and a rename.
function writeNpy(file, t) {
  const row = types.find(r => r[1] === t.type);
  if (!row) throw new Error(`${file}: a tensor of type ${t.type} cannot be written as .npy`);
  let data = t.data;
  if (t.type === 'bool') data = Uint8Array.from(data, v => (v ? 1 : 0));
  let header = `{'descr': '${row[0]}', 'fortran_order': False, 'shape': (${t.dims.join(', ')}${t.dims.length === 1 ? ',' : ''}), }`;
  const pad = 64 - ((10 + header.length + 1) % 64);
  header += ' '.repeat(pad % 64) + '\n';
  const h = Buffer.alloc(10);
  h.write('\x93NUMPY', 0, 'latin1');
  h[6] = 1; h[7] = 0;
  h.writeUInt16LE(header.length, 8);
  const tmp = file + '.tmp';
  fs.writeFileSync(tmp, Buffer.concat([h, Buffer.from(header, 'latin1'), Buffer.from(data.buffer, data.byteOffset, data.byteLength)]));
  fs.renameSync(tmp, file);
}

// configEntries turns "a.b=1,c.d=2" into onnxruntime-common's nested
// `extra` object ({a: {b: "1"}, c: {d: "2"}}), which it flattens back
// into session configuration keys; null for no text.
function configEntries(text) {
  if (!text) return null;
  const extra = {};
  for (const item of text.split(',').filter(s => s)) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new Error(`ORT_CONFIG: want KEY=VALUE, got ${item}`);
    const path = item.slice(0, eq).split('.');
    let o = extra;
    for (const k of path.slice(0, -1)) o = o[k] = o[k] || {};
    o[path[path.length - 1]] = item.slice(eq + 1);
  }
  return extra;
}

module.exports = { readNpy, writeNpy, configEntries };
