// The proposal editor's pure helpers (assets/pairing.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { colourLine, metBefore, twice } from '../../assets/pairing.js';

const letters = { black: 'B', white: 'W', bye: '=', none: '–' };

test('the colours so far are one letter a round, a round without a game a dash', () => {
  assert.equal(colourLine(['black', 'white', null, 'bye'], letters), 'BW–=');
  assert.equal(colourLine([], letters), '');
  assert.equal(colourLine(['white'], { black: '黑', white: '白', bye: '空', none: '–' }), '白');
});

test('a pair that met before is a repeat, an empty seat never is', () => {
  const players = new Map([
    ['Li', { name: 'Li', rank: '2d', score: 2, colours: ['black'], met: ['Wang'] }],
    ['Wang', { name: 'Wang', rank: '1d', score: 0, colours: ['white'], met: ['Li'] }],
  ]);
  assert.equal(metBefore(players, 'Li', 'Wang'), true);
  assert.equal(metBefore(players, 'Wang', 'Li'), true);
  assert.equal(metBefore(players, 'Li', 'Zhao'), false);
  assert.equal(metBefore(players, '', 'Li'), false);
});

test('a player on two boards, or on a board and a bye, is found', () => {
  assert.deepEqual(twice([['A', 'B'], ['C', 'A']], []), ['A']);
  assert.deepEqual(twice([['A', 'B'], ['C', '']], ['C']), ['C']);
  assert.deepEqual(twice([['A', 'B']], ['D']), []);
});
