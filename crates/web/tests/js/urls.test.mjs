// The addresses the pages read and write (assets/urls.js): where a login may send the
// browser, a seat's secret from its link, the clock-only page of a board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clockHref, sameOrigin, seatSecret } from '../../assets/urls.js';

const origin = 'https://go.example.org';

test('a login sends the browser to a path of this site, and nowhere else', () => {
  assert.equal(sameOrigin('/events/spring?lang=en#rounds', origin), '/events/spring?lang=en#rounds');
  assert.equal(sameOrigin('/referee/a%20b', origin), '/referee/a%20b');
  for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'events', '', null, undefined, 42]) {
    assert.equal(sameOrigin(bad, origin), '/', String(bad));
  }
});

test("a seat's secret comes from the fragment, and an old link's query is moved there", () => {
  assert.deepEqual(seatSecret('#secret=abc', '', '/play/7'), { secret: 'abc', rewrite: null });
  assert.deepEqual(seatSecret('#secret=abc', '?secret=old', '/play/7'), { secret: 'abc', rewrite: null });
  assert.deepEqual(seatSecret('', '?secret=a%2Fb&lang=en', '/play/7'), { secret: 'a/b', rewrite: '/play/7?lang=en#secret=a%2Fb' });
  assert.deepEqual(seatSecret('', '?secret=xyz', '/play/7'), { secret: 'xyz', rewrite: '/play/7#secret=xyz' });
  assert.deepEqual(seatSecret('', '?lang=zh', '/play/7'), { secret: null, rewrite: null });
  assert.deepEqual(seatSecret('#open=1', '', '/clock'), { secret: null, rewrite: null });
});

test("a board's clock-only page carries the round's time control, Art. 22.5's choice, the players and the board", () => {
  const href = clockHref({ time: ' 1h+3x60s ', lostTurn: true, black: '李 伟', white: 'Wang', event: 'spring&open', round: 2, board: '5' });
  assert.ok(href.startsWith('/clock?'), href);
  const q = new URLSearchParams(href.slice('/clock?'.length));
  assert.deepEqual(Object.fromEntries(q), { time: '1h+3x60s', lost_turn: '1', black: '李 伟', white: 'Wang', event: 'spring&open', round: '2', board: '5' });
  const off = new URLSearchParams(clockHref({ time: '10m', lostTurn: false, black: '', white: '', event: 'e', round: 1, board: '1' }).split('?')[1]);
  assert.equal(off.get('lost_turn'), '0');
});
