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

const { readNpy, writeNpy } = require(path.join(__dirname, '..', 'ort-npy.js'));

async function main() {
  const work = process.env.ORT_OPS_WORK || path.join(os.tmpdir(), 'mlc-ort-ops');
  const manifest = JSON.parse(fs.readFileSync(path.join(work, 'manifest.json'), 'utf8'));
  const opts = { executionProviders: ['cpu'], graphOptimizationLevel: 'disabled', intraOpNumThreads: 1, interOpNumThreads: 1 };
  for (const c of manifest) {
    const session = await ort.InferenceSession.create(c.model, opts);
    const feeds = {};
    for (const i of c.inputs) {
      const t = readNpy(i.file);
      feeds[i.name] = new ort.Tensor(t.type, t.data, t.shape);
    }
    const out = await session.run(feeds);
    c.outputs.forEach((name, i) => writeNpy(path.join(c.dir, `ort-out${i}.npy`), out[name]));
  }
  console.log(`onnxruntime-node ${ort.env.versions.node}: ${manifest.length} cases`);
}

main().catch(e => { console.error(e); process.exit(1); });
