// The board as data (assets/goban.js): coordinates as GTP and the rules write them, chains,
// a game replayed for the review (Art. 4), the marking of dead chains (Art. 8), and where
// the drawn board puts each point (Art. 1's cells, the web crate's geometry).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LETTERS, countStones, cursorAfter, frame, groupOf, parseVertex, pointAt, replayTo, toggleChain, vertex } from '../../assets/goban.js';

// The web crate's BOARD_GEOMETRY (tenths of a millimetre).
const G = { cell_w: 230, cell_h: 240, stone_r: 112.5, star_r: 22, margin: 360, stars: {} };

test('the columns skip I', () => {
  assert.equal(LETTERS.length, 25);
  assert.ok(!LETTERS.includes('I'));
  assert.equal(LETTERS[8], 'J');
});

test('a point is its column letter and its row counted from the bottom', () => {
  assert.equal(vertex(19, 0, 0), 'A19');
  assert.equal(vertex(19, 18, 18), 'T1');
  assert.equal(vertex(19, 9, 9), 'K10');
  assert.equal(vertex(9, 3, 5), 'D4');
});

test('a typed point is read back in any case, and refused off the board', () => {
  for (const size of [9, 13, 19, 25]) {
    for (let x = 0; x < size; x++) for (let y = 0; y < size; y++) assert.deepEqual(parseVertex(size, vertex(size, x, y)), [x, y]);
  }
  assert.deepEqual(parseVertex(19, ' d4 '), [3, 15]);
  assert.deepEqual(parseVertex(19, 'k10'), [9, 9]);
  assert.equal(parseVertex(19, 'I5'), null);
  assert.equal(parseVertex(9, 'K5'), null);
  assert.equal(parseVertex(9, 'A10'), null);
  assert.equal(parseVertex(19, 'A0'), null);
  assert.equal(parseVertex(19, 'pass'), null);
  assert.equal(parseVertex(19, ''), null);
  assert.equal(parseVertex(19, null), null);
});

const rows = [
  'XX.O.',
  'X.OO.',
  '..O..',
  'OO...',
  '.....',
];

test('a chain is the stones of one colour joined along the lines', () => {
  const sorted = (g) => g.map(([x, y]) => `${x},${y}`).sort();
  assert.deepEqual(sorted(groupOf(rows, 0, 0)), ['0,0', '0,1', '1,0']);
  assert.deepEqual(sorted(groupOf(rows, 3, 0)), ['2,1', '2,2', '3,0', '3,1']);
  // Diagonal stones are not joined.
  assert.deepEqual(sorted(groupOf(rows, 0, 3)), ['0,3', '1,3']);
  // The point asked for comes first.
  assert.deepEqual(groupOf(rows, 2, 2)[0], [2, 2]);
});

test('the stones of each colour are counted', () => {
  assert.deepEqual(countStones(rows), { black: 3, white: 6 });
  assert.deepEqual(countStones(['...', '...', '...']), { black: 0, white: 0 });
});

test('a game replayed takes off the stones left without a liberty (Art. 4)', () => {
  const start = ['.....', '.....', '.....', '.....', '.....'];
  // White's corner stone at A5 is captured by B5 after A4.
  const history = [
    { color: 'white', point: 'A5' }, { color: 'black', point: 'A4' },
    { color: 'white', point: 'pass' }, { color: 'black', point: 'B5' },
  ];
  assert.deepEqual(replayTo(start, history, 0), start);
  assert.deepEqual(replayTo(start, history, 2), ['O....', 'X....', '.....', '.....', '.....']);
  assert.deepEqual(replayTo(start, history, 4), ['.X...', 'X....', '.....', '.....', '.....']);
  // Past the end, the whole record.
  assert.deepEqual(replayTo(start, history, 99), replayTo(start, history, 4));
  // Art. 4.2: the capture comes first, so a stone played into no liberties that captures stays.
  const ko = ['.XO..', 'XO...', '.....', '.....', '.....'];
  assert.deepEqual(replayTo(ko, [{ color: 'white', point: 'A5' }], 1), ['O.O..', 'XO...', '.....', '.....', '.....']);
  // A handicap start is kept.
  const handicap = ['.....', '.X...', '.....', '...X.', '.....'];
  assert.deepEqual(replayTo(handicap, [{ color: 'white', point: 'C3' }], 1), ['.....', '.X...', '..O..', '...X.', '.....']);
});

test('one stone marks or unmarks its whole chain (Art. 8); an empty point changes nothing', () => {
  const none = new Set();
  const marked = toggleChain(none, rows, 3, 1);
  assert.deepEqual([...marked].sort(), ['C3', 'C4', 'D4', 'D5']);
  // The marking given is not changed: a new one is answered.
  assert.equal(none.size, 0);
  assert.deepEqual([...toggleChain(marked, rows, 2, 2)], []);
  assert.deepEqual([...toggleChain(marked, rows, 4, 4)].sort(), ['C3', 'C4', 'D4', 'D5']);
  const both = toggleChain(marked, rows, 0, 0);
  assert.deepEqual([...both].sort(), ['A4', 'A5', 'B5', 'C3', 'C4', 'D4', 'D5']);
});

test('the drawn board: Art. 1 cells and a margin, and every point found where it is drawn', () => {
  const f = frame(G, 19);
  assert.equal(f.W, 2 * 360 + 18 * 230);
  assert.equal(f.H, 2 * 360 + 18 * 240);
  assert.equal(f.X(0), 360);
  assert.equal(f.Y(18), 360 + 18 * 240);
  for (const [x, y] of [[0, 0], [18, 18], [3, 15], [9, 9]]) {
    assert.deepEqual(pointAt(G, 19, f.X(x), f.Y(y)), [x, y]);
    // Anywhere within half a cell of the point (a column -0 is column 0).
    assert.deepEqual(pointAt(G, 19, f.X(x) + 114, f.Y(y) - 119)?.map((n) => n + 0), [x, y]);
  }
  assert.equal(pointAt(G, 19, 0, 0), null);
  assert.equal(pointAt(G, 19, f.W, f.H), null);
  assert.equal(pointAt(G, 9, frame(G, 9).X(9), frame(G, 9).Y(0)), null);
});

test('the arrow keys move the cursor one point, never off the board', () => {
  assert.deepEqual(cursorAfter([9, 9], 'ArrowLeft', 19), [8, 9]);
  assert.deepEqual(cursorAfter([9, 9], 'ArrowDown', 19), [9, 10]);
  assert.deepEqual(cursorAfter([0, 0], 'ArrowUp', 19), [0, 0]);
  assert.deepEqual(cursorAfter([0, 0], 'ArrowLeft', 19), [0, 0]);
  assert.deepEqual(cursorAfter([8, 8], 'ArrowRight', 9), [8, 8]);
  assert.equal(cursorAfter([4, 4], 'Enter', 9), null);
});
