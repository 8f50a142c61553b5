// Run an ONNX model once with ONNX Runtime's CPU execution provider (npm
// onnxruntime-node) and write every output, for comparing a runtime's
// tensors with the interpreter's (driver/ortcheck):
//
//   NODE_PATH=bench/ort/node_modules node bench/ort-dump.js MODEL OUTDIR NAME=INPUT.npy ...
//
// Each input is a .npy file bound to the model input NAME (a bare file binds
// to the next unbound input in order). Output i goes to OUTDIR/<i>.npy, and
// OUTDIR/outputs.json lists the output names in that order (names may hold
// characters a file name cannot). ORT_GRAPH_OPT (disabled, basic, extended,
// all; default basic) sets the graph optimisation level; ORT_THREADS the
// intra-op threads (default 1); ORT_CONFIG session configuration entries as
// KEY=VALUE,... (for one, session.qdq_is_int8_allowed=1 keeps int8 QDQ
// activations int8 on x86 instead of converting them to uint8).
'use strict';
const fs = require('fs');
const path = require('path');
const ort = require('onnxruntime-node');

// npy descr <-> ORT tensor type and typed array.
const types = [
  ['<f4', 'float32', Float32Array], ['<f8', 'float64', Float64Array],
  ['<f2', 'float16', Uint16Array], ['|i1', 'int8', Int8Array], ['|u1', 'uint8', Uint8Array],
  ['<i2', 'int16', Int16Array], ['<u2', 'uint16', Uint16Array], ['<i4', 'int32', Int32Array],
  ['<i8', 'int64', BigInt64Array], ['|b1', 'bool', Uint8Array],
];

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
  const data = row[1] === 'bool' ? new Uint8Array(bytes).map(v => v !== 0) : new row[2](bytes);
  return new ort.Tensor(row[1], row[1] === 'bool' ? Array.from(data) : data, shape);
}

function writeNpy(file, t) {
  const row = types.find(r => r[1] === t.type);
  if (!row) throw new Error(`output of type ${t.type} cannot be written as .npy`);
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
// into session configuration keys.
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

async function main() {
  const [model, outDir, ...inputs] = process.argv.slice(2);
  if (!model || !outDir) throw new Error('usage: ort-dump.js MODEL OUTDIR [NAME=]INPUT.npy ...');
  const opts = {
    executionProviders: ['cpu'], graphOptimizationLevel: process.env.ORT_GRAPH_OPT || 'basic',
    executionMode: 'sequential', interOpNumThreads: 1, intraOpNumThreads: Number(process.env.ORT_THREADS || 1),
  };
  const extra = configEntries(process.env.ORT_CONFIG);
  if (extra) opts.extra = extra;
  const session = await ort.InferenceSession.create(model, opts);
  const feeds = {};
  let next = 0;
  for (const arg of inputs) {
    const eq = arg.indexOf('=');
    let name = eq > 0 ? arg.slice(0, eq) : null;
    const file = eq > 0 ? arg.slice(eq + 1) : arg;
    if (name === null) {
      while (next < session.inputNames.length && feeds[session.inputNames[next]]) next++;
      if (next >= session.inputNames.length) throw new Error(`${file}: the model has no input left to bind`);
      name = session.inputNames[next];
    } else if (!session.inputNames.includes(name)) {
      throw new Error(`the model has no input ${name} (inputs: ${session.inputNames.join(', ')})`);
    }
    feeds[name] = readNpy(file);
  }
  const out = await session.run(feeds);
  fs.mkdirSync(outDir, { recursive: true });
  session.outputNames.forEach((name, i) => writeNpy(path.join(outDir, `${i}.npy`), out[name]));
  const list = path.join(outDir, 'outputs.json');
  fs.writeFileSync(list + '.tmp', JSON.stringify(session.outputNames));
  fs.renameSync(list + '.tmp', list);
}

main().catch(e => { console.error(e.message || e); process.exit(1); });
