// @ts-check
// weiqi: what the proposal editor shows of a player, pure (tested with `node --test`): the
// colours of each round so far as letters, and whether two players met before.

/**
 * What the proposal (`GET /api/events/{id}/proposal`) says of an active player.
 * @typedef {{ name: string, rank: string, score: number, colours: (string | null)[], met: string[] }} EditorPlayer
 */

/**
 * The colours of each round so far, one letter a round: `letters` names black, white, bye
 * and a round without a game (in the page's language).
 * @param {(string | null)[]} colours `black`, `white`, `bye` or null, by round
 * @param {{ black: string, white: string, bye: string, none: string }} letters
 * @returns {string}
 */
export function colourLine(colours, letters) {
  return colours.map((c) => (c === 'black' ? letters.black : c === 'white' ? letters.white : c === 'bye' ? letters.bye : letters.none)).join('');
}

/**
 * Whether players `a` and `b` met in an earlier round (a repeat if paired again).
 * @param {Map<string, EditorPlayer>} players by name
 * @param {string} a
 * @param {string} b
 * @returns {boolean}
 */
export function metBefore(players, a, b) {
  const p = players.get(a);
  return !!(a && b && p && p.met.includes(b));
}

/**
 * The players of a changed pairing who appear on more than one board, or on a board and
 * among the byes (the server refuses it; the editor marks it first).
 * @param {[string, string][]} games
 * @param {string[]} byes
 * @returns {string[]}
 */
export function twice(games, byes) {
  const seen = new Set();
  const out = new Set();
  for (const n of [...games.flat(), ...byes]) {
    if (!n) continue;
    if (seen.has(n)) out.add(n);
    seen.add(n);
  }
  return [...out];
}
