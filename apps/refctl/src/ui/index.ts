// The terminal UI (ink, React and yoga's wasm): prompts and live views, loaded through
// loadUi() only by the commands that draw on a terminal. Built as an ES module of its own
// (dist/ui.js): yoga-layout and ink use top-level await, which the CommonJS dist/main.cjs
// cannot hold.

export { startSpinner, watchTraffic } from './render-live';
export { select, text } from './render-prompt';
