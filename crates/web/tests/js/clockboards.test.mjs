// The board clocks a device keeps (assets/clockboards.js): read back, the old single clock
// kept as the first board, the number of a new board, which view an address shows, a call
// naming its board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardCall, keptBoards, nextBoardId, viewOf } from '../../assets/clockboards.js';

const board = (id, o) => Object.assign({ id, label: String(id), time: '1h+3x60s', names: { black: '', white: '' }, ops: [], lost_turn: false }, o);

test('the kept boards are read back in order; an old single clock becomes the first board', () => {
  const kept = [board(1), board(3, { label: 'A' })];
  assert.deepEqual(keptBoards(JSON.stringify(kept), null), { boards: kept, fromOld: false });
  // The new key wins over the old.
  assert.deepEqual(keptBoards(JSON.stringify(kept), JSON.stringify({ time: '5m' })), { boards: kept, fromOld: false });
  const old = { time: '10m', names: { black: 'Li', white: 'Wang' }, ops: [{ op: 'start', at: 5, color: 'black' }], board: '7' };
  assert.deepEqual(keptBoards(null, JSON.stringify(old)), { boards: [Object.assign({ id: 1, label: '7' }, old)], fromOld: true });
  assert.deepEqual(keptBoards(null, JSON.stringify({ time: '10m' })).boards[0], { id: 1, label: '', time: '10m' });
  assert.deepEqual(keptBoards(null, null), { boards: [], fromOld: false });
});

test('a new board takes the number after the highest kept', () => {
  assert.equal(nextBoardId([]), 1);
  assert.equal(nextBoardId([board(1), board(4), board(2)]), 5);
  assert.equal(nextBoardId([board('x')]), 1);
});

test('the address names the view: a clock open, the set-up, the list', () => {
  assert.deepEqual(viewOf('#open=2', ['1', '2']), { kind: 'open', id: '2' });
  // A clock no longer kept is not opened.
  assert.deepEqual(viewOf('#open=9', ['1', '2']), { kind: 'list' });
  assert.deepEqual(viewOf('#open=9', ['1']), { kind: 'open', id: '1' });
  assert.deepEqual(viewOf('#new', ['1', '2']), { kind: 'setup' });
  assert.deepEqual(viewOf('', []), { kind: 'setup' });
  assert.deepEqual(viewOf('#open=1', []), { kind: 'setup' });
  assert.deepEqual(viewOf('#list', ['1']), { kind: 'list' });
  assert.deepEqual(viewOf('', ['1', '2']), { kind: 'list' });
  assert.deepEqual(viewOf('', ['4']), { kind: 'open', id: '4' });
});

test('a call from a device with several boards names its board first', () => {
  assert.equal(boardCall(3, '十秒', 'zh'), '第3台，十秒');
  assert.equal(boardCall('A', '10 seconds', 'en'), 'Board A, 10 seconds');
});
