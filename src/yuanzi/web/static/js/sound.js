// The table's sounds, synthesised with Web Audio (no sound files to ship or license):
// your turn, a play, a pass, a bomb / atom / hydrogen bomb, a trick won, the game won or
// lost, and the clock's last five seconds. Browsers let a page make sound only after a
// user gesture, so nothing plays until the first tap or key; muting is remembered per
// browser (localStorage).

const KEY = 'yuanzi.muted';
/** @type {AudioContext | null} */
let ctx = null;
let unlocked = false;
/** @type {Set<(muted: boolean) => void>} */
const listeners = new Set();

export function isMuted() {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** @param {boolean} on */
export function setMuted(on) {
  try {
    localStorage.setItem(KEY, on ? '1' : '0');
  } catch { /* private mode: muting lasts for this page */ }
  for (const f of listeners) f(on);
}

/** @param {(muted: boolean) => void} f */
export function onMuted(f) {
  listeners.add(f);
  return () => listeners.delete(f);
}

function unlock() {
  if (unlocked) return;
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return;
  try {
    const made = ctx || new Ctx();
    ctx = made;
    if (made.state === 'suspended') made.resume();
    unlocked = true;
  } catch { /* no audio device: stay silent */ }
}
for (const type of ['pointerdown', 'keydown', 'touchend']) {
  window.addEventListener(type, unlock, { capture: true, passive: true });
}

/** One enveloped oscillator note: `at` seconds from now, `len` long (only once a gesture
 * made the audio context: ``play`` asks).
 * @param {number} freq
 * @param {{ at?: number, len?: number, type?: OscillatorType, gain?: number, slide?: number | null }} [shape] */
function note(freq, { at = 0, len = 0.12, type = 'sine', gain = 0.18, slide = null } = {}) {
  const ctx = /** @type {AudioContext} */ (audio());
  const t0 = ctx.currentTime + at;
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  if (slide) osc.frequency.exponentialRampToValueAtTime(slide, t0 + len);
  amp.gain.setValueAtTime(0.0001, t0);
  amp.gain.exponentialRampToValueAtTime(gain, t0 + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0001, t0 + len);
  osc.connect(amp).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + len + 0.02);
}

/** A burst of filtered noise: the thump of a bomb.
 * @param {{ at?: number, len?: number, gain?: number, cutoff?: number }} [shape] */
function boom({ at = 0, len = 0.5, gain = 0.5, cutoff = 900 } = {}) {
  const ctx = /** @type {AudioContext} */ (audio());
  const t0 = ctx.currentTime + at;
  const frames = Math.floor(ctx.sampleRate * len);
  const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 2;
  const src = ctx.createBufferSource();
  src.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = 'lowpass';
  filter.frequency.setValueAtTime(cutoff, t0);
  filter.frequency.exponentialRampToValueAtTime(80, t0 + len);
  const amp = ctx.createGain();
  amp.gain.setValueAtTime(gain, t0);
  src.connect(filter).connect(amp).connect(ctx.destination);
  src.start(t0);
}

/** The page's audio context, once a gesture made it. */
const audio = () => ctx;

/** @type {Record<string, () => void>} */
const CUES = {
  turn: () => { note(660, { len: 0.1 }); note(880, { at: 0.1, len: 0.16 }); },
  play: () => note(320, { type: 'triangle', len: 0.07, gain: 0.22, slide: 180 }),
  pass: () => note(240, { type: 'sine', len: 0.1, gain: 0.08 }),
  bomb: () => { boom({ len: 0.45 }); note(110, { type: 'sawtooth', len: 0.3, gain: 0.08, slide: 55 }); },
  atom: () => { boom({ len: 0.6, cutoff: 1400 }); note(880, { type: 'square', len: 0.25, gain: 0.05, slide: 220 }); },
  hydrogen: () => {
    boom({ len: 0.9, gain: 0.7, cutoff: 2000 });
    note(1200, { type: 'sawtooth', len: 0.5, gain: 0.05, slide: 100 });
    boom({ at: 0.25, len: 0.7, gain: 0.4, cutoff: 600 });
  },
  trick: () => { note(523, { len: 0.08 }); note(784, { at: 0.07, len: 0.12 }); },
  won: () => [523, 659, 784, 1047].forEach((f, i) => note(f, { at: i * 0.12, len: 0.22, type: 'triangle' })),
  lost: () => [392, 330, 262].forEach((f, i) => note(f, { at: i * 0.18, len: 0.3, type: 'triangle', gain: 0.14 })),
  tick: () => note(1000, { type: 'square', len: 0.04, gain: 0.05 }),
};

/** The last cues asked for, audible or not (for tests and the curious): {name, audible}.
 * @type {Array<{ name: string, audible: boolean }>} */
export const cueLog = [];

/** Play cue `name` unless muted or the page has not been touched yet (autoplay rules).
 * @param {string} name */
export function play(name) {
  const audible = unlocked && ctx !== null && !isMuted() && name in CUES;
  cueLog.push({ name, audible });
  if (cueLog.length > 50) cueLog.shift();
  if (!audible) return false;
  try {
    CUES[name]();
    return true;
  } catch {
    return false;
  }
}

export const CUE_NAMES = Object.keys(CUES);
