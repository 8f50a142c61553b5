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
const ort = require('onnxruntime-node');

const { readNpy, writeNpy, configEntries } = require('./ort-npy.js');

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
  const x = readNpy(input);
  if (x.type !== 'float32') throw new Error(`${input}: want a float32 array, got ${x.type}`);
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
  writeNpy(output, y);
  console.log(JSON.stringify({ median_ms: times[Math.floor(times.length / 2)], min_ms: times[0], runs, threads, version: ort.env.versions.node }));
}

main().catch(e => { console.error(e); process.exit(1); });
