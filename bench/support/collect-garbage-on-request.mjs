// Preloaded into the server under measurement (node --expose-gc --import …): when the bench asks over IPC,
// collect garbage and answer, so the idle RSS read from /proc is what the process needs, not what V8 has yet
// to sweep. Plain JavaScript on purpose: a TypeScript loader in the measured process would weigh on its RSS.
process.on('message', (message) => {
  if (message !== 'collect-garbage') return;
  globalThis.gc?.();
  process.send?.('garbage-collected');
});
