// The page's worker: the WebAssembly module runs here, so that a search never freezes the
// page. The page sends {id, request}; the worker answers {id, answer, ms} and, during a long
// search, {progress: {nodes, solutions}} a few times a second. Stopping a search is ending
// this worker (the page starts another).
import init, { request, version } from "./pkg/dlx_web.js";

let last = 0;
// Called by the module every 4096 nodes of a search.
self.dlxProgress = (nodes, solutions) => {
  const now = performance.now();
  if (now - last >= 100) {
    last = now;
    postMessage({ progress: { nodes, solutions } });
  }
};

const ready = init().then(() => postMessage({ ready: version() }));

self.onmessage = async (event) => {
  await ready;
  const { id, request: req } = event.data;
  const start = performance.now();
  let answer;
  try {
    answer = JSON.parse(request(JSON.stringify(req)));
  } catch (e) {
    // A panic in the module: say so; the page starts a fresh worker.
    postMessage({ id, crashed: String(e), ms: performance.now() - start });
    return;
  }
  postMessage({ id, answer, ms: performance.now() - start });
};
