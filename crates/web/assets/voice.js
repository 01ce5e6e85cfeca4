// @ts-check
// weiqi: what the pages say aloud and the player's comforts: the byo-yomi calls of Art. 12.3
// (the browser's speech, or beeps), the answer to a time query (Art. 16), a stone's click,
// and confirm-move on a touch screen. Each choice is remembered on the device.
import { LANG, t } from './env.js';
import { field, h } from './dom.js';

/**
 * A call of the clock (Art. 12.3), or an answer (Art. 16), in both languages.
 * @typedef {{ zh: string, en: string, color?: string }} Call
 */

/** The page's audio, made on the first sound. @returns {AudioContext} */
function newAudio() {
  const w = /** @type {any} */ (window);
  return new (w.AudioContext || w.webkitAudioContext)();
}

/** What a test reads of the page's sounds and calls (`window.__…`). @type {any} */
const seen = window;

// A stone's click (off by default), from the page's own audio, no file.
export const sound = {
  get on() { return localStorage.getItem('weiqi.sound') === 'on'; },
  set on(v) { localStorage.setItem('weiqi.sound', v ? 'on' : 'off'); },
  stone() {
    if (!this.on) return;
    try {
      voice.audio = voice.audio || newAudio();
      const a = voice.audio, o = a.createOscillator(), g = a.createGain();
      o.type = 'triangle'; o.frequency.value = 420; o.connect(g); g.connect(a.destination);
      const at = a.currentTime;
      g.gain.setValueAtTime(0.4, at); g.gain.exponentialRampToValueAtTime(0.001, at + 0.08);
      o.start(at); o.stop(at + 0.1);
      seen.__stoneSounds = (seen.__stoneSounds || 0) + 1;
    } catch (e) { /* no audio device */ }
  },
};

// Confirm-move: on a touch screen a tap puts a ghost stone, a second tap on it plays. On by
// default where the main pointer is coarse (a finger), off elsewhere; the player's choice is
// remembered.
export const confirmMove = {
  get on() {
    const v = localStorage.getItem('weiqi.confirm');
    if (v) return v === 'on';
    return window.matchMedia ? window.matchMedia('(pointer: coarse)').matches : false;
  },
  set on(v) { localStorage.setItem('weiqi.confirm', v ? 'on' : 'off'); },
};

export const voice = {
  // Art. 12.3's calls aloud: the player's choice when made (remembered); else on where the
  // browser has a voice for the language (decided at load, and when the voices arrive).
  chosen: localStorage.getItem('weiqi.voice'),
  enabled: localStorage.getItem('weiqi.voice') ? localStorage.getItem('weiqi.voice') === 'on' : false,
  // Browsers speak and sound only after a gesture on the page (their permission flow).
  unlocked: false,
  lang: localStorage.getItem('weiqi.voicelang') || LANG,
  /** @type {AudioContext | null} */
  audio: null,
  /** The browser's voice for the chosen language, if it has one. @returns {SpeechSynthesisVoice | null} */
  pick() {
    if (!('speechSynthesis' in window)) return null;
    const want = this.lang === 'zh' ? 'zh' : 'en';
    const vs = window.speechSynthesis.getVoices() || [];
    return vs.find((v) => v.lang && v.lang.toLowerCase().startsWith(want)) || null;
  },
  /** @param {number} n */
  beep(n) {
    try {
      this.audio = this.audio || newAudio();
      for (let i = 0; i < n; i++) {
        const o = this.audio.createOscillator(), g = this.audio.createGain();
        o.frequency.value = 880; o.connect(g); g.connect(this.audio.destination);
        const at = this.audio.currentTime + i * 0.25;
        g.gain.setValueAtTime(0.3, at); g.gain.setValueAtTime(0, at + 0.15);
        o.start(at); o.stop(at + 0.2);
      }
    } catch (e) { /* no audio device: the call is on screen */ }
  },
  // Says a call (Art. 12.3) in the chosen language, or beeps when there is no voice; always
  // shows it on screen.
  /** @param {Call} call */
  say(call) {
    const text = this.lang === 'zh' ? call.zh : call.en;
    const board = document.getElementById('calls');
    if (board) {
      board.prepend(h('li', {}, t('call.line', { color: t('color.' + call.color), text })));
      while (board.children.length > 8) /** @type {ChildNode} */ (board.lastChild).remove();
    }
    const big = document.getElementById('call-now');
    if (big) big.textContent = `${t('color.' + call.color)} · ${text}`;
    this.speak(text);
  },
  // Says `text` aloud where calls are on (a voice, else beeps: three when the call is the
  // flag's); `call` is the call itself when `text` says more (a board's name before it).
  /** @param {string} text @param {string} [call] */
  speak(text, call) {
    if (!this.enabled) return;
    seen.__calledAloud = (seen.__calledAloud || 0) + 1;
    const v = this.pick();
    if (v) {
      const u = new SpeechSynthesisUtterance(text);
      u.lang = this.lang === 'zh' ? 'zh-CN' : 'en-US';
      try { u.voice = v; } catch (e) { /* the language alone picks the voice */ }
      u.rate = 1.1;
      window.speechSynthesis.speak(u);
    } else {
      this.beep(/超时|time is up/.test(call || text) ? 3 : 1);
    }
  },
  // Says the answer to a player who asked the time left (Art. 16) — `a` has `zh` and `en` —
  // on screen, and aloud where there is a voice and calls are on.
  /** @param {Call} a @param {string} [who] */
  answer(a, who) {
    const text = this.lang === 'zh' ? a.zh : a.en;
    const el = document.getElementById('time-answer');
    if (el) el.textContent = who ? t('call.line', { color: t('color.' + who), text }) : text;
    if (!this.enabled) return;
    const v = this.pick();
    if (!v) return;
    const u = new SpeechSynthesisUtterance(text);
    u.lang = this.lang === 'zh' ? 'zh-CN' : 'en-US';
    try { u.voice = v; } catch (e) { /* the language alone picks the voice */ }
    window.speechSynthesis.speak(u);
  },
  // The switch of the calls, the choice of their language, and a note of what the browser
  // can do.
  controls() {
    const box = h('div', { class: 'voice' });
    const btn = h('button', { type: 'button', 'aria-pressed': String(this.enabled), id: 'voice-toggle' });
    const label = () => { btn.textContent = this.enabled ? t('voice.on') : t('voice.off'); btn.setAttribute('aria-pressed', String(this.enabled)); };
    btn.addEventListener('click', () => {
      this.enabled = !this.enabled;
      this.chosen = this.enabled ? 'on' : 'off';
      localStorage.setItem('weiqi.voice', this.chosen);
      if (this.enabled && 'speechSynthesis' in window) {
        // Browsers speak only after a gesture: this click is it.
        window.speechSynthesis.cancel();
      }
      label(); note();
    });
    const sel = h('select', { id: 'voice-lang' },
      h('option', { value: 'zh', selected: this.lang === 'zh' }, '中文'),
      h('option', { value: 'en', selected: this.lang === 'en' }, 'English'));
    sel.addEventListener('change', () => { this.lang = sel.value; localStorage.setItem('weiqi.voicelang', sel.value); note(); });
    const info = h('span', { class: 'hint', id: 'voice-note' });
    const note = () => {
      info.textContent = !this.enabled ? '' : !this.pick() ? t('voice.none') : this.unlocked ? t('voice.has') : t('voice.tap');
    };
    const decide = () => {
      if (this.chosen === null && !this.enabled && this.pick()) this.enabled = true;
      label(); note();
    };
    if ('speechSynthesis' in window) window.speechSynthesis.addEventListener?.('voiceschanged', decide);
    // The first gesture anywhere on the page lets it speak (and sound) from then on.
    const unlock = () => {
      if (this.unlocked) return;
      this.unlocked = true;
      try {
        if ('speechSynthesis' in window) window.speechSynthesis.resume();
        this.audio = this.audio || newAudio();
        this.audio.resume?.();
      } catch (e) { /* no audio device: the calls are on screen */ }
      note();
    };
    document.addEventListener('pointerdown', unlock, { once: true });
    document.addEventListener('keydown', unlock, { once: true });
    decide();
    label(); note();
    box.append(btn, field(t('voice.lang'), sel), info);
    return box;
  },
};
