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

const { readNpy, writeNpy, configEntries } = require('./ort-npy.js');

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
    const t = readNpy(file);
    feeds[name] = new ort.Tensor(t.type, t.data, t.shape);
  }
  const out = await session.run(feeds);
  fs.mkdirSync(outDir, { recursive: true });
  session.outputNames.forEach((name, i) => writeNpy(path.join(outDir, `${i}.npy`), out[name]));
  const list = path.join(outDir, 'outputs.json');
  fs.writeFileSync(list + '.tmp', JSON.stringify(session.outputNames));
  fs.renameSync(list + '.tmp', list);
}

main().catch(e => { console.error(e.message || e); process.exit(1); });
