// Run the single-op ONNX models of bench/ort-ops/gen.py on ONNX Runtime's CPU
// provider (npm onnxruntime-node, installed in bench/ort as for
// bench/interp-vs-ort.sh) and write each output next to the case's inputs:
//
//   /usr/bin/python3 bench/ort-ops/gen.py && node bench/ort-ops/run.js
//
// Reads manifest.json from $ORT_OPS_WORK (default $TMPDIR/mlc-ort-ops, where
// gen.py put it) and writes bench/ort-ops/cases/<case>/ort-out<i>.npy. One
// intra-op thread, so the reduction order is fixed.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');

let ort;
try {
  ort = require(path.join(__dirname, '..', 'ort', 'node_modules', 'onnxruntime-node'));
} catch (e) {
  ort = require('onnxruntime-node');
}

// .npy descr <-> ONNX Runtime tensor type and typed array.
const DTYPES = {
  '<f4': ['float32', Float32Array],
  '<f8': ['float64', Float64Array],
  '<i8': ['int64', BigInt64Array],
  '<i4': ['int32', Int32Array],
  '|i1': ['int8', Int8Array],
  '|u1': ['uint8', Uint8Array],
};
const DESCR = Object.fromEntries(Object.entries(DTYPES).map(([d, [t]]) => [t, d]));

function readNpy(file) {
  const b = fs.readFileSync(file);
  if (b.toString('latin1', 0, 6) !== '\x93NUMPY') throw new Error(`${file}: not a .npy file`);
  const major = b[6];
  const start = major === 1 ? 10 : 12;
  const hlen = major === 1 ? b.readUInt16LE(8) : b.readUInt32LE(8);
  const header = b.toString('latin1', start, start + hlen);
  const descr = header.match(/'descr':\s*'([^']*)'/)[1];
  if (!DTYPES[descr] || /'fortran_order':\s*True/.test(header)) throw new Error(`${file}: unsupported header ${header}`);
  const shape = header.match(/'shape':\s*\(([^)]*)\)/)[1].split(',').map(s => s.trim()).filter(s => s).map(Number);
  const [type, Arr] = DTYPES[descr];
  const bytes = b.subarray(start + hlen);
  const data = new Arr(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  return new ort.Tensor(type, data, shape);
}

function writeNpy(file, t) {
  const descr = DESCR[t.type];
  if (!descr) throw new Error(`${file}: unsupported output type ${t.type}`);
  let header = `{'descr': '${descr}', 'fortran_order': False, 'shape': (${t.dims.join(', ')}${t.dims.length === 1 ? ',' : ''}), }`;
  const pad = 64 - ((10 + header.length + 1) % 64);
  header += ' '.repeat(pad % 64) + '\n';
  const h = Buffer.alloc(10);
  h.write('\x93NUMPY', 0, 'latin1');
  h[6] = 1; h[7] = 0;
  h.writeUInt16LE(header.length, 8);
  const d = t.data;
  fs.writeFileSync(file, Buffer.concat([h, Buffer.from(header, 'latin1'), Buffer.from(d.buffer, d.byteOffset, d.byteLength)]));
}

async function main() {
  const work = process.env.ORT_OPS_WORK || path.join(os.tmpdir(), 'mlc-ort-ops');
  const manifest = JSON.parse(fs.readFileSync(path.join(work, 'manifest.json'), 'utf8'));
  const opts = { executionProviders: ['cpu'], graphOptimizationLevel: 'disabled', intraOpNumThreads: 1, interOpNumThreads: 1 };
  for (const c of manifest) {
    const session = await ort.InferenceSession.create(c.model, opts);
    const feeds = {};
    for (const i of c.inputs) feeds[i.name] = readNpy(i.file);
    const out = await session.run(feeds);
    c.outputs.forEach((name, i) => writeNpy(path.join(c.dir, `ort-out${i}.npy`), out[name]));
  }
  console.log(`onnxruntime-node ${ort.env.versions.node}: ${manifest.length} cases`);
}

main().catch(e => { console.error(e); process.exit(1); });
