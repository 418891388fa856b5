// The solver worker's loader, the script the page starts the worker with
// (index.html copies it next to the two files Trunk builds from this
// folder). It loads the worker's code, and when that fails (the network,
// a server error, a wasm the browser refuses) it says so at once, in the
// protocol's words (`FromWorker::CannotStart` in engine/src/protocol.rs),
// so the page need not wait for its timeout to know the solver is away.
"use strict";
function cannotStart(error) {
  postMessage(JSON.stringify({ CannotStart: String(error) }));
  close();
}
try {
  importScripts("./solver-worker.js");
  wasm_bindgen({ module_or_path: "./solver-worker_bg.wasm" }).catch(cannotStart);
} catch (error) {
  cannotStart(error);
}
