// Run ONNX Runtime (npm onnxruntime-node, CPU) on each original model and
// its re-encoding by internal/onnxpb with the same inputs, and compare
// every output bit for bit (bench/ort-reencode.sh):
//
//   NODE_PATH=bench/ort/node_modules node bench/ort-reencode.js MANIFEST.json
//
// MANIFEST is what bench/onnx-reencode writes. A case whose original ORT
// cannot load or run is "unsupported" (the re-encoding must then fail the
// same way); one whose original gives different outputs on two runs
// (random ops) is "nondeterministic"; otherwise the re-encoding must load,
// run and give the same bytes. Prints one line per failure and a JSON
// summary; exits 1 when any case fails.
'use strict';
const fs = require('fs');
const ort = require('onnxruntime-node');

const arrays = {
  float32: Float32Array, float64: Float64Array, int8: Int8Array, uint8: Uint8Array, int16: Int16Array,
  uint16: Uint16Array, int32: Int32Array, uint32: Uint32Array, int64: BigInt64Array, uint64: BigUint64Array,
  bool: Uint8Array, float16: Uint16Array,
};

function loadInput(inp) {
  const b = fs.readFileSync(inp.file);
  const A = arrays[inp.type];
  const copy = new Uint8Array(b.length);
  copy.set(b);
  return new ort.Tensor(inp.type, new A(copy.buffer, 0, b.length / A.BYTES_PER_ELEMENT), inp.dims);
}

const opts = { executionProviders: ['cpu'], logSeverityLevel: 4, graphOptimizationLevel: 'all', executionMode: 'sequential', interOpNumThreads: 1, intraOpNumThreads: 1 };

async function run(model, feedsOf) {
  const session = await ort.InferenceSession.create(model, opts);
  try {
    const out = await session.run(feedsOf(session));
    const res = {};
    for (const name of session.outputNames) res[name] = out[name];
    return res;
  } finally {
    await session.release();
  }
}

// bytes is a tensor's data as bytes (strings joined with their lengths).
function bytes(t) {
  if (t.type === 'string') return Buffer.from(JSON.stringify(t.data));
  return Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength);
}

function same(a, b) {
  const ka = Object.keys(a), kb = Object.keys(b);
  if (ka.join('\0') !== kb.join('\0')) return `output names ${ka} vs ${kb}`;
  for (const k of ka) {
    if (a[k].type !== b[k].type || a[k].dims.join(',') !== b[k].dims.join(',')) {
      return `output ${k}: ${a[k].type}[${a[k].dims}] vs ${b[k].type}[${b[k].dims}]`;
    }
    if (!bytes(a[k]).equals(bytes(b[k]))) return `output ${k}: the bytes differ`;
  }
  return '';
}

async function main() {
  const manifest = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  const counts = { same: 0, unsupported: 0, nondeterministic: 0, failed: 0 };
  const t0 = Date.now();
  for (const c of manifest) {
    const tensors = c.inputs.map(loadInput);
    const feedsOf = s => Object.fromEntries(s.inputNames.slice(0, tensors.length).map((n, i) => [n, tensors[i]]));
    let orig;
    try {
      orig = await run(c.original, feedsOf);
    } catch (e) {
      let reErr = '';
      try { await run(c.reencoded, feedsOf); } catch (e2) { reErr = String(e2.message || e2); }
      if (reErr === '') {
        counts.failed++;
        console.log(`FAIL ${c.name}: the original fails in ORT but the re-encoding runs (${String(e.message || e).split('\n')[0]})`);
      } else {
        counts.unsupported++;
      }
      continue;
    }
    if (same(orig, await run(c.original, feedsOf)) !== '') {
      counts.nondeterministic++;
      continue;
    }
    let re;
    try {
      re = await run(c.reencoded, feedsOf);
    } catch (e) {
      counts.failed++;
      console.log(`FAIL ${c.name}: the re-encoded model fails in ORT: ${String(e.message || e).split('\n')[0]}`);
      continue;
    }
    const d = same(orig, re);
    if (d !== '') {
      counts.failed++;
      console.log(`FAIL ${c.name}: ${d}`);
      continue;
    }
    counts.same++;
  }
  console.log(JSON.stringify({ cases: manifest.length, ...counts, seconds: (Date.now() - t0) / 1000, ort: ort.env.versions.node }));
  process.exit(counts.failed > 0 ? 1 : 0);
}

main().catch(e => { console.error(e); process.exit(1); });
