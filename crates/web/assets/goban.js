// @ts-check
// weiqi: the board as data: coordinates, chains, a game replayed, and where each point is
// drawn. Pure: no DOM, so `node --test` imports it (crates/web/tests/js/). A board is its
// rows from the top, one character a point: `X` Black, `O` White, `.` empty (the server's).

/**
 * The drawn board's geometry (`web::BOARD_GEOMETRY`, in tenths of a millimetre: Art. 1's
 * 2.3 × 2.4 cm cells, Art. 32's stones 2.25 cm across) and the rules crate's star points by
 * board size, as (column, row) from the top left.
 * @typedef {object} Geometry
 * @property {number} cell_w
 * @property {number} cell_h
 * @property {number} stone_r
 * @property {number} star_r
 * @property {number} margin
 * @property {Record<string, [number, number][]>} stars
 */
/** A colour as the wire names it. @typedef {'black' | 'white'} Color */
/** A move of the record: a point (`D4`) or `pass`. @typedef {{ color: Color, point: string }} Move */

/** The columns' letters: no I (GTP's and the rules' coordinates). */
export const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

/** The four neighbours' offsets. @type {[number, number][]} */
const SIDES = [[1, 0], [-1, 0], [0, 1], [0, -1]];

/**
 * The point at column `x`, row `y` (from the top, 0-based) of a `size` board: `D4`.
 * @param {number} size @param {number} x @param {number} y
 * @returns {string}
 */
export function vertex(size, x, y) { return LETTERS[x] + (size - y); }

/**
 * The (column, row) of a point typed as `D4` (any case, blanks around), or `null` when it is
 * no point of a `size` board.
 * @param {number} size
 * @param {string | null | undefined} v
 * @returns {[number, number] | null}
 */
export function parseVertex(size, v) {
  const m = /^([A-HJ-Za-hj-z])(\d{1,2})$/.exec((v || '').trim());
  if (!m) return null;
  const x = LETTERS.indexOf(m[1].toUpperCase());
  const y = size - parseInt(m[2], 10);
  return (x >= 0 && x < size && y >= 0 && y < size) ? [x, y] : null;
}

/**
 * The chain (points of one colour joined along the lines) through (`x`, `y`), that point
 * first; of an empty point, the empty region.
 * @param {string[]} rows
 * @param {number} x @param {number} y
 * @returns {[number, number][]}
 */
export function groupOf(rows, x, y) {
  const c = rows[y][x], n = rows.length, seen = new Set([x + ',' + y]);
  /** @type {[number, number][]} */
  const out = [[x, y]];
  for (let i = 0; i < out.length; i++) {
    const [a, b] = out[i];
    for (const [dx, dy] of SIDES) {
      const p = a + dx, q = b + dy;
      if (p < 0 || q < 0 || p >= n || q >= n || seen.has(p + ',' + q) || rows[q][p] !== c) continue;
      seen.add(p + ',' + q); out.push([p, q]);
    }
  }
  return out;
}

/**
 * The position after the first `k` moves of `history` from `start` (Art. 4: a stone with no
 * liberty left is taken off), for the review of a game.
 * @param {string[]} start
 * @param {Move[]} history
 * @param {number} k
 * @returns {string[]}
 */
export function replayTo(start, history, k) {
  const b = start.map((r) => [...r]), n = b.length;
  /** @param {number} x @param {number} y */
  const on = (x, y) => x >= 0 && y >= 0 && x < n && y < n;
  for (let i = 0; i < k && i < history.length; i++) {
    const m = history[i];
    const p = m.point === 'pass' ? null : parseVertex(n, m.point);
    if (!p) continue;
    const me = m.color === 'black' ? 'X' : 'O', opp = me === 'X' ? 'O' : 'X';
    b[p[1]][p[0]] = me;
    for (const [dx, dy] of SIDES) {
      const x = p[0] + dx, y = p[1] + dy;
      if (!on(x, y) || b[y][x] !== opp) continue;
      const g = groupOf(b.map((r) => r.join('')), x, y);
      const free = g.some(([a, c]) => SIDES.some(([ex, ey]) => on(a + ex, c + ey) && b[c + ey][a + ex] === '.'));
      if (!free) for (const [a, c] of g) b[c][a] = '.';
    }
  }
  return b.map((r) => r.join(''));
}

/**
 * The stones of each colour on a board.
 * @param {string[]} rows
 * @returns {{ black: number, white: number }}
 */
export function countStones(rows) {
  let black = 0, white = 0;
  for (const r of rows) for (const c of r) { if (c === 'X') black++; else if (c === 'O') white++; }
  return { black, white };
}

/**
 * The vertices of the marking after a stone at (`x`, `y`) is marked or unmarked: one stone
 * marks or unmarks its whole chain (Art. 8); an empty point changes nothing.
 * @param {Set<string>} marking the vertices marked dead
 * @param {string[]} rows
 * @param {number} x @param {number} y
 * @returns {Set<string>}
 */
export function toggleChain(marking, rows, x, y) {
  const size = rows.length, out = new Set(marking);
  if (rows[y][x] === '.') return out;
  const on = !marking.has(vertex(size, x, y));
  for (const [a, b] of groupOf(rows, x, y)) {
    const v = vertex(size, a, b);
    if (on) out.add(v); else out.delete(v);
  }
  return out;
}

/**
 * Where a `size` board is drawn: the picture's width and height, and the position of each
 * column and row line, in the geometry's units.
 * @param {Geometry} g
 * @param {number} size
 * @returns {{ W: number, H: number, X: (x: number) => number, Y: (y: number) => number }}
 */
export function frame(g, size) {
  const m = g.margin;
  return {
    W: 2 * m + (size - 1) * g.cell_w,
    H: 2 * m + (size - 1) * g.cell_h,
    X: (x) => m + x * g.cell_w,
    Y: (y) => m + y * g.cell_h,
  };
}

/**
 * The point nearest to (`qx`, `qy`) in the picture's units, or `null` off the board.
 * @param {Geometry} g
 * @param {number} size
 * @param {number} qx @param {number} qy
 * @returns {[number, number] | null}
 */
export function pointAt(g, size, qx, qy) {
  const x = Math.round((qx - g.margin) / g.cell_w), y = Math.round((qy - g.margin) / g.cell_h);
  return x >= 0 && x < size && y >= 0 && y < size ? [x, y] : null;
}

/**
 * The keyboard's cursor moved one point by an arrow key, kept on the board; `null` for any
 * other key.
 * @param {[number, number]} cur
 * @param {string} key
 * @param {number} size
 * @returns {[number, number] | null}
 */
export function cursorAfter(cur, key, size) {
  /** @type {Record<string, [number, number]>} */
  const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const d = steps[key];
  if (!d) return null;
  return [Math.min(size - 1, Math.max(0, cur[0] + d[0])), Math.min(size - 1, Math.max(0, cur[1] + d[1]))];
}
