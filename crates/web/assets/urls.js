// @ts-check
// weiqi: the addresses the pages read and write. Pure: no DOM (every part of the page's
// address is an argument), so `node --test` imports it (crates/web/tests/js/).

/**
 * Where a `next` parameter may send the browser: a path on this site only (never another
 * origin, never `javascript:`); anything else is the home page.
 * @param {unknown} next
 * @param {string} origin the page's origin (`location.origin`)
 * @returns {string}
 */
export function sameOrigin(next, origin) {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  try {
    const u = new URL(next, origin);
    return u.origin === origin ? u.pathname + u.search + u.hash : '/';
  } catch (e) { return '/'; }
}

/**
 * A seat's secret from the page's address. It comes in the link's fragment
 * (`/play/7#secret=…`), which no request, log or Referer carries. A link of the old form
 * (`?secret=…`) still works: `rewrite` is then the address with the secret moved to the
 * fragment, to replace the page's at once (null when there is nothing to rewrite).
 * @param {string} hash `location.hash`
 * @param {string} search `location.search`
 * @param {string} pathname `location.pathname`
 * @returns {{ secret: string | null, rewrite: string | null }}
 */
export function seatSecret(hash, search, pathname) {
  const fromHash = new URLSearchParams(hash.slice(1)).get('secret');
  if (fromHash) return { secret: fromHash, rewrite: null };
  const q = new URLSearchParams(search), old = q.get('secret');
  if (!old) return { secret: old, rewrite: null };
  q.delete('secret');
  const rest = q.toString();
  return { secret: old, rewrite: pathname + (rest ? '?' + rest : '') + '#secret=' + encodeURIComponent(old) };
}

/**
 * The clock-only page for a board of an event's round: the time control, whether a
 * last-period timeout may be a lost turn (Art. 22.5), the players, and the board, where the
 * clock page enters the result.
 * @param {{ time: string, lostTurn: boolean, black: string, white: string, event: string,
 *   round: number, board: string }} b
 * @returns {string}
 */
export function clockHref(b) {
  const q = new URLSearchParams({ time: b.time.trim(), lost_turn: b.lostTurn ? '1' : '0',
    black: b.black, white: b.white, event: b.event, round: String(b.round), board: b.board });
  return '/clock?' + q;
}
