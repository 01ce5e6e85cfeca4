// The standings as the event page and the results wall show them (standings.js), and the
// settings' and officials' lines of the event page (settings.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rankWords, resultWords, standingsTable, tieValue } from '../../assets/standings.js';
import { officialsLines, settingsLines } from '../../assets/settings.js';
import { translator } from '../../assets/text.js';

const t = translator({
  'standings.place': 'Place', 'player.name': 'Name', 'standings.points': 'Points', 'standings.wld': 'W/L/D',
  'standings.withdrawn': ' (withdrawn)', 'about.system': 'System', 'about.rounds': 'Rounds', 'about.time': 'Time',
  'about.komi': 'Komi', 'about.komi_value': '3¾', 'about.bar_floor': 'Bar', 'about.bar_floor_value': '{bar}/{floor}',
  'about.handicap': 'Handicaps', 'about.handicap_value': '{basis} -{correction} ≤{ceiling}', 'about.basis_rank': 'rank',
  'about.tie_breaks': 'Tie-breaks', 'about.bye': 'Bye', 'about.bye_win': 'win', 'about.lateness': 'Late',
  'about.lateness_value': '{n} min', 'role_h.organizer': 'Organizer', 'role_h.referee': 'Referees',
});

test('lots, warnings and categories read as themselves, never negative', () => {
  assert.equal(tieValue('lots', '-3'), '3');
  assert.equal(tieValue('warnings', '-1'), '1');
  assert.equal(tieValue('category', '-2'), '2');
  assert.equal(tieValue('sos', '-3'), '-3');
  assert.equal(tieValue('sodos', '3.5'), '3.5');
});

test('each tie-break has its own column, headed by its name in the page language', () => {
  const st = {
    after_round: 2, chain: ['points', 'sos', 'warnings', 'lots'],
    chain_names: { en: ['Points', 'SOS', 'Fewer warnings', 'Lots'], zh: ['积分', '对手分', '警告少', '抽签'] },
    rows: [{ place: 1, name: 'Li', withdrawn: false, points: 4, wins: 2, losses: 0, draws: 0, values: ['4', '2', '0', '-3'] },
      { place: 2, name: 'Wang', withdrawn: true, points: 2, wins: 1, losses: 1, draws: 0, values: ['2', '4', '-1', '-1'] }],
  };
  const en = standingsTable(st, t, 'en');
  assert.deepEqual(en.head, ['Place', 'Name', 'Points', 'W/L/D', 'SOS', 'Fewer warnings', 'Lots']);
  assert.deepEqual(en.rows[0], ['1', 'Li', '4', '2/0/0', '2', '0', '3']);
  assert.deepEqual(en.rows[1], ['2', 'Wang (withdrawn)', '2', '1/1/0', '4', '1', '1']);
  assert.deepEqual(standingsTable(st, t, 'zh').head.slice(4), ['对手分', '警告少', '抽签']);
  // A McMahon chain keeps its first criterion, the McMahon score, as a column.
  const mm = standingsTable({ ...st, chain: ['mms', 'sos'], chain_names: { en: ['MMS', 'SOS'] } }, t, 'en');
  assert.deepEqual(mm.head.slice(4), ['MMS', 'SOS']);
});

test('the settings and the officials as lines', () => {
  const ev = {
    system_name: 'McMahon', system: { kind: 'mc_mahon', bar: '3d', floor: '20k' }, planned_rounds: 5, time_control: '1h+3x30s',
    settings: { tie_breaks: ['mms', 'sos'], tie_break_names: { en: ['MMS', 'SOS'] }, handicap: { basis: 'rank', bar: null, correction: 1, ceiling: 9 },
      bye: 'win', lateness_limit_minutes: 60, avoid_same_club: true, avoid_same_region: true },
  };
  assert.deepEqual(settingsLines(ev, t, 'en'), [['System', 'McMahon'], ['Rounds', '5'], ['Time', '1h+3x30s'], ['Komi', '3¾'],
    ['Bar', '3d/20k'], ['Handicaps', 'rank -1 ≤9'], ['Tie-breaks', 'MMS, SOS'], ['Bye', 'win'], ['Late', '60 min']]);
  assert.deepEqual(officialsLines({ organizer: ['td'], chief_referee: [], referee: ['a', 'b'] }, t, 'en'),
    [['Organizer', 'td'], ['Referees', 'a, b']]);
});

test('a result as people write it: in Chinese words and stones, in English the code', () => {
  assert.equal(resultWords('B+R', 'zh'), '黑中盘胜');
  assert.equal(resultWords('W+T', 'zh'), '白超时胜');
  assert.equal(resultWords('W+3.5', 'zh'), '白胜1又3/4子');
  assert.equal(resultWords('B+2', 'zh'), '黑胜1子');
  assert.equal(resultWords('0', 'zh'), '和棋');
  assert.equal(resultWords('B+R', 'en'), 'B+R');
  assert.equal(resultWords(null, 'zh'), '');
});

test('a rank as people write it: 3段, 5级, 职业二段 in Chinese, as it comes in English', () => {
  assert.equal(rankWords('3d', 'zh'), '3段');
  assert.equal(rankWords('15k', 'zh'), '15级');
  assert.equal(rankWords('2p', 'zh'), '职业二段');
  assert.equal(rankWords('3d', 'en'), '3d');
});
