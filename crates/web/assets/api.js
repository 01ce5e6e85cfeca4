// @ts-check
// weiqi: the JSON API (/api/...) and the WebSocket (/api/ws), under the caller's credentials:
// the session's token, or a seat's secret link.
import { LANG, t } from './env.js';
import { toast } from './dom.js';
import { seatSecret } from './urls.js';
import { actionName, changes, stillApplies } from './actions.js';

/** @typedef {import('./gameview.js').GameView} GameView */
/** @typedef {import('./actions.js').Action} Action */

/** The account signed in on this device (its session's token and its name). */
export const auth = {
  get token() { return localStorage.getItem('weiqi.token'); },
  get name() { return localStorage.getItem('weiqi.name'); },
  /** @param {string} token @param {string} name */
  set(token, name) { localStorage.setItem('weiqi.token', token); localStorage.setItem('weiqi.name', name); },
  clear() { localStorage.removeItem('weiqi.token'); localStorage.removeItem('weiqi.name'); },
};

// A seat's secret comes in the link's fragment (`/play/7#secret=…`), which no request, log
// or Referer carries; the page sends it in the X-Seat-Secret header. A link of the old form
// (`?secret=…`) still works, and is rewritten to the fragment at once.
export const SECRET = (() => {
  const { secret, rewrite } = seatSecret(location.hash, location.search, location.pathname);
  if (rewrite) history.replaceState(null, '', rewrite);
  return secret;
})();
// Another seat's link opened in the same tab changes only the fragment, which the browser
// does not load again: the page must, or it would go on playing the first seat.
addEventListener('hashchange', () => {
  if (new URLSearchParams(location.hash.slice(1)).get('secret') !== SECRET) location.reload();
});

/**
 * An API error: the message in the page's language, the status and the JSON body.
 * @typedef {Error & { status: number, body: any }} ApiError
 */

/**
 * Calls the API: `body` JSON, or a file's bytes sent as CSV; answers the JSON (the text with
 * `opts.raw`), or throws an {@link ApiError}.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {{ raw?: boolean }} [opts]
 * @returns {Promise<any>}
 */
export async function api(method, path, body, opts) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (auth.token) headers.Authorization = 'Bearer ' + auth.token;
  if (SECRET && path.startsWith('/api/games/')) headers['X-Seat-Secret'] = SECRET;
  let payload;
  if (body instanceof ArrayBuffer) { headers['Content-Type'] = 'text/csv'; payload = body; }
  else if (body !== undefined) { headers['Content-Type'] = 'application/json'; payload = JSON.stringify(body); }
  const r = await fetch(path, { method, headers, body: payload });
  const text = await r.text();
  let j = null;
  try { j = text ? JSON.parse(text) : null; } catch (e) { j = { message: text }; }
  if (!r.ok) {
    if (r.status === 401 && auth.token) auth.clear();
    // A refusal said in both languages (`zh` beside `message`) is shown in the page's.
    const err = /** @type {ApiError} */ (new Error((j && (LANG === 'zh' && j.zh ? j.zh : j.message)) || r.statusText));
    err.status = r.status; err.body = j;
    throw err;
  }
  return (opts && opts.raw) ? text : j;
}

/**
 * Runs `fn`, showing its failure as a toast (then resolving to undefined).
 * @template T
 * @param {() => Promise<T> | T} fn
 * @returns {Promise<T | undefined>}
 */
export async function attempt(fn) {
  try { return await fn(); } catch (e) { toast(/** @type {Error} */ (e).message, true); return undefined; }
}

/**
 * Follows the WebSocket: each message to `onMessage`, `onOpen` on every (re)connection, which
 * is tried again with a growing wait when the socket closes. Answers the socket of the moment.
 * @param {(m: any) => void} onMessage
 * @param {(ws: WebSocket) => void} onOpen
 * @returns {() => WebSocket}
 */
export function connect(onMessage, onOpen) {
  /** @type {WebSocket} */
  let ws;
  let tries = 0;
  const open = () => {
    ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`);
    ws.onopen = () => {
      tries = 0; setConn(true);
      // The credentials go in the first message, never in the URL (which logs keep).
      if (auth.token || SECRET) ws.send(JSON.stringify({ type: 'auth', token: auth.token || undefined, secret: SECRET || undefined }));
      onOpen(ws);
    };
    ws.onmessage = (m) => { try { onMessage(JSON.parse(m.data)); } catch (e) { console.error(e); } };
    ws.onclose = () => { setConn(false); setTimeout(open, Math.min(10000, 500 * 2 ** tries++)); };
  };
  /** @param {boolean} ok */
  const setConn = (ok) => { const c = document.getElementById('conn'); if (c) { c.textContent = ok ? t('conn.live') : t('conn.lost'); c.className = ok ? 'ok' : 'bad'; } };
  open();
  return () => ws;
}

/**
 * How a command went: `sent` false when the game changed so that it no longer applies
 * (`what` says how); `resent` when it was sent again on a newer state.
 * @typedef {{ sent: boolean, resent: boolean, what: string }} Sent
 */

/**
 * Sends `action` (as `as`, for an official) to game `gid`, decided on the view `seen`.
 * `reload(state)` takes the state a stale answer carries, brings the view up to date and
 * returns it. Other refusals are thrown.
 * @param {number} gid
 * @param {GameView} seen
 * @param {Action} action
 * @param {string | null} as
 * @param {(state: any) => Promise<GameView>} reload
 * @returns {Promise<Sent>}
 */
export async function sendAction(gid, seen, action, as, reload) {
  let seq = seen.seq, resent = false, what = '';
  for (let tries = 0; tries < 4; tries++) {
    try {
      await api('POST', `/api/games/${gid}/actions`, { seq, action, as: as || undefined });
      return { sent: true, resent, what };
    } catch (e) {
      const err = /** @type {ApiError} */ (e);
      if (!(err.status === 409 && err.body && err.body.error === 'stale' && err.body.state)) throw e;
      const now = await reload(err.body.state);
      what = changes(seen, now, t, LANG);
      if (!stillApplies(action, seen, now)) return { sent: false, resent, what };
      seq = now.seq; resent = true;
    }
  }
  return { sent: false, resent, what };
}

/**
 * Tells the person how a command sent through `sendAction` went, when it did not simply land.
 * @param {Sent} r
 * @param {Action} action
 */
export function toldHow(r, action) {
  if (!r.sent) toast(t('game.stale_not_sent', { action: actionName(action, t), what: r.what }), true);
  else if (r.resent) toast(t('game.stale_resent', { action: actionName(action, t), what: r.what }));
}
