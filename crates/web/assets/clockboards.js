// @ts-check
// weiqi: the board clocks the clock-only page keeps on a device (`localStorage`
// `weiqi.clocks`), and which of its views an address shows. Pure: no DOM, no storage (the
// kept texts are arguments), so `node --test` imports it (crates/web/tests/js/).

/**
 * What happened to a board's clock, with the device's instants: the operations the clock
 * crate replays (`POST /clock/plan`), and the board it is for.
 * @typedef {object} BoardState
 * @property {number} id its number on this device
 * @property {string} label the board's name as its players and the referee call it
 * @property {string} time the time control in the clock crate's grammar
 * @property {{ black: string, white: string }} names
 * @property {{ op: string, at: number, color?: string }[]} ops start, press, pause, resume,
 *   lost_turn
 * @property {boolean} lost_turn whether a last-period timeout may be a lost turn (Art. 22.5)
 * @property {string | null} [event] the event, round and board it is for (its result is
 *   entered there)
 * @property {string | null} [round]
 * @property {string | null} [board]
 */

/**
 * The board clocks kept on the device, in the order they were added: those kept under
 * `weiqi.clocks` (`kept`), else the one clock a device kept under the old key
 * (`weiqi.clock`, `old`) as its first board. `fromOld` says the old key's clock is to be
 * kept under the new key.
 * @param {string | null} kept
 * @param {string | null} old
 * @returns {{ boards: BoardState[], fromOld: boolean }}
 */
export function keptBoards(kept, old) {
  const boards = JSON.parse(kept || 'null');
  if (boards) return { boards, fromOld: false };
  const one = JSON.parse(old || 'null');
  return one ? { boards: [Object.assign({ id: 1, label: one.board || '' }, one)], fromOld: true } : { boards: [], fromOld: false };
}

/**
 * The number of a new board clock: one more than the highest kept.
 * @param {BoardState[]} boards
 * @returns {number}
 */
export function nextBoardId(boards) {
  return boards.reduce((m, st) => Math.max(m, Number(st.id) || 0), 0) + 1;
}

/**
 * Which view the page's fragment asks for, of the board clocks `ids`: a clock open
 * full-screen (`#open=2`, when there is that clock), the set-up of a new one (`#new`, or no
 * clock yet), the list (`#list`, or several clocks), else the one clock open.
 * @param {string} hash `location.hash`
 * @param {string[]} ids the clocks' ids, in order
 * @returns {{ kind: 'open', id: string } | { kind: 'setup' } | { kind: 'list' }}
 */
export function viewOf(hash, ids) {
  const frag = new URLSearchParams(hash.slice(1));
  const open = frag.get('open');
  if (open !== null && ids.includes(open)) return { kind: 'open', id: open };
  if (frag.has('new') || !ids.length) return { kind: 'setup' };
  if (frag.has('list') || ids.length > 1) return { kind: 'list' };
  return { kind: 'open', id: ids[0] };
}

/**
 * A call as a device with several boards says it: the board named before it.
 * @param {string | number} board
 * @param {string} text
 * @param {string} lang
 * @returns {string}
 */
export function boardCall(board, text, lang) {
  return lang === 'zh' ? `第${board}台，${text}` : `Board ${board}, ${text}`;
}
