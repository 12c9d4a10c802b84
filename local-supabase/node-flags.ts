// Node options every process that runs PGlite starts with (the backend under `npm start`, the test
// workers). See bench/README.md, "Crash at start", for the measurement behind them.
export const PGLITE_NODE_FLAGS: readonly string[] = ['--no-memory-protection-keys'];
