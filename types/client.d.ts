// What the browser client adds to the page's globals, for TypeScript's check of its JSDoc
// (jsconfig.json, issue 46): the test hook main.js sets, and Safari's old audio context.
interface Window {
  yuanzi: unknown;
  webkitAudioContext?: typeof AudioContext;
}
