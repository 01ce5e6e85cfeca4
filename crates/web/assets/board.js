// @ts-check
// weiqi: the board drawn as SVG to Art. 1's proportions (the geometry and star points come
// from the shell: `web::BOARD_GEOMETRY`, the rules crate's star points).
import { DATA, t } from './env.js';
import { s } from './dom.js';
import { LETTERS, countStones, cursorAfter, frame, parseVertex, pointAt, vertex } from './goban.js';

/** @typedef {import('./goban.js').Move} Move */
/**
 * What is drawn besides the stones.
 * @typedef {object} BoardOptions
 * @property {Move | null} [last] the last move, marked
 * @property {string[]} [dead] the stones marked dead (crossed)
 * @property {string[]} [unsure] chains the machine is unsure of (ringed, never pre-marked)
 * @property {string[] | null} [owner] the count's owner of each point (`b`, `w`, `.`)
 * @property {{ point: string, color: string } | null} [ghost] a stone placed, not played yet
 * @property {((x: number, y: number, via: 'key' | 'pointer') => void) | null} [onPoint]
 *   receives clicks, and Enter on the focused point
 */
/**
 * What a board's box keeps between drawings: the keyboard's cursor, what a release on it
 * plays, whether it listens, the pointer pressed on it.
 * @typedef {{ cursor?: [number, number], point?: ((e: PointerEvent) => void) | null,
 *   listening?: boolean, down?: number | null }} BoxState
 */

/** @type {WeakMap<HTMLElement, BoxState>} */
const boxes = new WeakMap();

/**
 * Draws the board into `box`: rows ("X", "O", "."), the last move, the dead marks, the
 * territory, the ghost stone. `opts.onPoint(x, y)` receives clicks and Enter on the focused
 * point (arrow keys move the focus).
 * @param {HTMLElement} box
 * @param {number} size
 * @param {string[]} rows
 * @param {BoardOptions} opts
 * @returns {SVGElement}
 */
export function drawBoard(box, size, rows, opts) {
  const G = DATA.board;
  const w = G.cell_w, hh = G.cell_h, m = G.margin;
  const { W, H, X, Y } = frame(G, size);
  const kept = boxes.get(box) || {};
  boxes.set(box, kept);
  const dead = new Set(opts.dead || []);
  // Chains the machine is unsure of (a ko, an unsettled fight): ringed, never pre-marked.
  const unsure = new Set(opts.unsure || []);
  const last = opts.last;
  const { black, white } = countStones(rows);
  const label = t('board.label', { size, black, white }) +
    (last ? ' ' + t('board.last', { color: t('color.' + last.color), point: last.point === 'pass' ? t('game.pass') : last.point }) : '');
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'board', role: 'img', 'aria-label': label,
    preserveAspectRatio: 'xMidYMid meet' });
  svg.append(s('title', {}, label));
  svg.append(s('rect', { x: 0, y: 0, width: W, height: H, class: 'wood' }));
  const lines = s('g', { class: 'lines' });
  for (let i = 0; i < size; i++) {
    lines.append(s('line', { x1: X(0), y1: Y(i), x2: X(size - 1), y2: Y(i) }));
    lines.append(s('line', { x1: X(i), y1: Y(0), x2: X(i), y2: Y(size - 1) }));
  }
  svg.append(lines);
  for (const [x, y] of (G.stars[String(size)] || [])) svg.append(s('circle', { cx: X(x), cy: Y(y), r: G.star_r, class: 'star' }));
  const coords = s('g', { class: 'coords', 'aria-hidden': 'true' });
  for (let i = 0; i < size; i++) {
    for (const yy of [m * 0.45, H - m * 0.45]) coords.append(s('text', { x: X(i), y: yy }, LETTERS[i]));
    for (const xx of [m * 0.45, W - m * 0.45]) coords.append(s('text', { x: xx, y: Y(i) }, String(size - i)));
  }
  svg.append(coords);
  const stones = s('g', { class: 'stones' });
  rows.forEach((r, y) => [...r].forEach((c, x) => {
    if (c === '.') return;
    const v = vertex(size, x, y);
    const cls = (c === 'X' ? 'black' : 'white') + (dead.has(v) ? ' dead' : '');
    stones.append(s('circle', { cx: X(x), cy: Y(y), r: G.stone_r, class: 'stone ' + cls, 'data-v': v }));
    if (dead.has(v)) stones.append(s('path', { d: `M${X(x) - 45},${Y(y) - 45}L${X(x) + 45},${Y(y) + 45}M${X(x) + 45},${Y(y) - 45}L${X(x) - 45},${Y(y) + 45}`, class: 'deadmark' }));
    else if (unsure.has(v)) stones.append(s('circle', { cx: X(x), cy: Y(y), r: G.stone_r * 1.1, class: 'unsure', 'data-unsure': v }));
  }));
  svg.append(stones);
  // Art. 9: the territory the count gave each side, a small square on each point.
  if (opts.owner) {
    const terr = s('g', { class: 'territory', 'aria-hidden': 'true' });
    opts.owner.forEach((r, y) => [...r].forEach((o, x) => {
      const v = vertex(size, x, y);
      if (o === '.' || (rows[y][x] !== '.' && !dead.has(v))) return;
      terr.append(s('rect', { x: X(x) - 55, y: Y(y) - 55, width: 110, height: 110, class: 'terr ' + (o === 'b' ? 'black' : 'white'), 'data-owner': o }));
    }));
    svg.append(terr);
  }
  // A stone placed but not played yet (confirm-move on a touch screen).
  if (opts.ghost) {
    const p = parseVertex(size, opts.ghost.point);
    if (p) svg.append(s('circle', { cx: X(p[0]), cy: Y(p[1]), r: G.stone_r, class: 'stone ghost ' + opts.ghost.color, 'data-ghost': opts.ghost.point }));
  }
  if (last && last.point !== 'pass') {
    const p = parseVertex(size, last.point);
    if (p) svg.append(s('circle', { cx: X(p[0]), cy: Y(p[1]), r: G.stone_r * 0.45, class: 'last ' + (last.color === 'black' ? 'on-black' : 'on-white') }));
  }
  const onPoint = opts.onPoint;
  if (onPoint) {
    const focus = s('rect', { width: w, height: hh, class: 'cursor', visibility: 'hidden' });
    svg.append(focus);
    svg.setAttribute('tabindex', '0');
    svg.setAttribute('aria-describedby', 'board-help');
    let cur = kept.cursor || [Math.floor(size / 2), Math.floor(size / 2)];
    const show = () => {
      focus.setAttribute('x', String(X(cur[0]) - w / 2)); focus.setAttribute('y', String(Y(cur[1]) - hh / 2));
      focus.setAttribute('visibility', document.activeElement === svg ? 'visible' : 'hidden');
      kept.cursor = cur;
      const status = document.getElementById('cursor-status');
      if (status) status.textContent = vertex(size, cur[0], cur[1]);
    };
    svg.addEventListener('focus', show);
    svg.addEventListener('blur', show);
    svg.addEventListener('keydown', (e) => {
      const next = cursorAfter(cur, e.key, size);
      if (next) {
        cur = next;
        show(); e.preventDefault();
      } else if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onPoint(cur[0], cur[1], 'key'); }
    });
    // A press and its release on the board play the point released on. They are heard on
    // the box, which stays while the board is drawn again (a move, a call, the viewer count
    // redraw it): a click on the svg was lost when it was replaced between the two.
    kept.point = (e) => {
      const svgEl = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (svg));
      const pt = svgEl.createSVGPoint(); pt.x = e.clientX; pt.y = e.clientY;
      const q = pt.matrixTransform(/** @type {DOMMatrix} */ (svgEl.getScreenCTM()).inverse());
      const p = pointAt(G, size, q.x, q.y);
      if (p) { cur = p; show(); onPoint(p[0], p[1], 'pointer'); }
    };
    if (!kept.listening) {
      kept.listening = true;
      box.addEventListener('pointerdown', (e) => { kept.down = e.button === 0 ? e.pointerId : null; });
      // A finger that scrolls the page is cancelled, not released: it plays nothing.
      box.addEventListener('pointercancel', () => { kept.down = null; });
      box.addEventListener('pointerup', (e) => {
        if (kept.down !== e.pointerId || e.button !== 0) return;
        kept.down = null;
        const target = /** @type {Element} */ (e.target);
        if (kept.point && target.closest && target.closest('svg.board')) kept.point(e);
      });
    }
    const active = document.activeElement;
    const hadFocus = box.contains(active) && active !== null && active.tagName === 'svg';
    box.replaceChildren(svg);
    if (hadFocus) { svg.focus(); show(); }
  } else {
    kept.point = null;
    box.replaceChildren(svg);
  }
  return svg;
}
