// Time an ONNX model with ONNX Runtime's CPU execution provider (npm
// onnxruntime-node), for bench/interp-vs-ort.sh:
//
//   NODE_PATH=bench/ort/node_modules node bench/ort-run.js MODEL INPUT.npy OUTPUT.npy RUNS THREADS [OPTIMIZED.onnx]
//
// Feeds the float32 .npy INPUT to the model's first input, runs it 3 times to
// warm up and then RUNS times, writes the first output to OUTPUT.npy and
// prints one JSON line: {"median_ms", "min_ms", "runs", "threads", "version"}.
// OPTIMIZED.onnx, when given, receives the graph ORT runs after its
// optimisations (for a QDQ model: which ops became int8 kernels such as
// QLinearConv). ORT_GRAPH_OPT (disabled, basic, extended, all; default all)
// sets ORT's graph optimisation level: "basic" runs QDQ as the ONNX spec
// defines it (in float) instead of fusing it into int8 kernels. ORT_CONFIG
// adds session configuration entries, KEY=VALUE,... (as bench/ort-dump.js).
'use strict';
const fs = require('fs');
const ort = require('onnxruntime-node');

function readNpyF32(path) {
  const b = fs.readFileSync(path);
  if (b.toString('latin1', 0, 6) !== '\x93NUMPY') throw new Error(`${path}: not a .npy file`);
  const major = b[6];
  const hlen = major === 1 ? b.readUInt16LE(8) : b.readUInt32LE(8);
  const off = (major === 1 ? 10 : 12) + hlen;
  const header = b.toString('latin1', major === 1 ? 10 : 12, off);
  if (!/'descr':\s*'<f4'/.test(header) || /'fortran_order':\s*True/.test(header)) {
    throw new Error(`${path}: want a little-endian C-order float32 array, header ${header}`);
  }
  const shape = header.match(/'shape':\s*\(([^)]*)\)/)[1].split(',').map(s => s.trim()).filter(s => s).map(Number);
  const data = new Float32Array(b.buffer.slice(b.byteOffset + off, b.byteOffset + b.length));
  return { shape, data };
}

function writeNpyF32(path, dims, data) {
  let header = `{'descr': '<f4', 'fortran_order': False, 'shape': (${dims.join(', ')}${dims.length === 1 ? ',' : ''}), }`;
  const pad = 64 - ((10 + header.length + 1) % 64);
  header += ' '.repeat(pad % 64) + '\n';
  const h = Buffer.alloc(10);
  h.write('\x93NUMPY', 0, 'latin1');
  h[6] = 1; h[7] = 0;
  h.writeUInt16LE(header.length, 8);
  fs.writeFileSync(path, Buffer.concat([h, Buffer.from(header, 'latin1'), Buffer.from(data.buffer, data.byteOffset, data.byteLength)]));
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
  const [model, input, output, runsArg, threadsArg, optimized] = process.argv.slice(2);
  const runs = Number(runsArg || 20);
  const threads = Number(threadsArg || 0);
  const opts = { executionProviders: ['cpu'], graphOptimizationLevel: process.env.ORT_GRAPH_OPT || 'all', executionMode: 'sequential', interOpNumThreads: 1 };
  if (threads > 0) opts.intraOpNumThreads = threads;
  const extra = configEntries(process.env.ORT_CONFIG);
  if (extra) opts.extra = extra;
  if (optimized) {
    opts.optimizedModelFilePath = optimized;
    opts.logSeverityLevel = 3; // the file is only read back here: skip ORT's warning about NCHWc ops in it
  }
  const session = await ort.InferenceSession.create(model, opts);
  const x = readNpyF32(input);
  const feeds = { [session.inputNames[0]]: new ort.Tensor('float32', x.data, x.shape) };
  let out;
  for (let i = 0; i < 3; i++) out = await session.run(feeds);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    out = await session.run(feeds);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  const y = out[session.outputNames[0]];
  writeNpyF32(output, y.dims, y.data);
  console.log(JSON.stringify({ median_ms: times[Math.floor(times.length / 2)], min_ms: times[0], runs, threads, version: ort.env.versions.node }));
}

main().catch(e => { console.error(e); process.exit(1); });
