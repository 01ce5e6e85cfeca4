// The standings as the event page and the results wall show them (standings.js), and the
// settings' and officials' lines of the event page (settings.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gothaValue, rankWords, resultWords, standingsTable, tieValue } from '../../assets/standings.js';
import { categoriesText, chainWithCategory, officialsLines, rankList, settingsLines } from '../../assets/settings.js';
import { translator } from '../../assets/text.js';

const t = translator({
  'standings.place': 'Place', 'player.name': 'Name', 'standings.points': 'Points', 'standings.wld': 'W/L/D',
  'standings.withdrawn': ' (withdrawn)', 'about.system': 'System', 'about.rounds': 'Rounds', 'about.time': 'Time',
  'about.komi': 'Komi', 'about.komi_value': '3¾', 'about.bar_floor': 'Bar', 'about.bar_floor_value': '{bar}/{floor}',
  'about.handicap': 'Handicaps', 'about.handicap_value': '{basis} -{correction} ≤{ceiling}', 'about.handicap_value_plain': '{basis} ≤{ceiling}', 'about.basis_rank': 'rank',
  'about.tie_breaks': 'Tie-breaks', 'about.bye': 'Bye', 'about.bye_win': 'win', 'about.lateness': 'Late',
  'about.lateness_value': '{n} min', 'role_h.organizer': 'Organizer', 'role_h.referee': 'Referees',
  'about.categories': 'Categories', 'about.category_from': '{n}: {rank} up', 'about.category_below': '{n}: below {rank}',
  'about.categories_within': 'within', 'about.handicap_bar': '; bar {bar}',
});

test('lots, warnings and categories read as themselves, never negative, categories from 1', () => {
  assert.equal(tieValue('lots', '-3'), '3');
  assert.equal(tieValue('warnings', '-1'), '1');
  // A category counted from 1, as the settings' lines say it (第1组).
  assert.equal(tieValue('category', '-2'), '3');
  assert.equal(tieValue('category', '0'), '1');
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

test("an imported event's standings are OpenGotha's: its criteria, their values, no points of weiqi's beside", () => {
  const st = {
    after_round: 3, placement: 'opengotha', chain: ['MMS', 'SOSM', 'SODOSM', 'Rank'],
    chain_names: { en: ['MMS', 'SOSM', 'SODOSM', 'Rank'], zh: ['麦克马洪分', '对手麦克马洪分之和', '所胜对手麦克马洪分之和', '段位'] },
    rows: [{ place: 1, shared: false, name: 'Wang Lei', withdrawn: false, points: 6, wins: 3, losses: 0, draws: 0, values: ['34.5', '96.5', '20.25', '2'] },
      { place: 2, shared: true, name: 'Li', withdrawn: false, points: 4, wins: 2, losses: 1, draws: 0, values: ['32', '0.5', '-0.75', '-5'] }],
  };
  const zh = standingsTable(st, t, 'zh');
  assert.deepEqual(zh.head, ['Place', 'Name', 'W/L/D', '麦克马洪分', '对手麦克马洪分之和', '所胜对手麦克马洪分之和', '段位']);
  assert.deepEqual(zh.rows[0], ['1', 'Wang Lei', '3/0/0', '34½', '96½', '20¼', '3段']);
  assert.deepEqual(zh.rows[1], ['2', 'Li', '2/1/0', '32', '½', '-¾', '5级']);
  // The OpenGotha names stay with the heads, as their tooltips.
  assert.deepEqual(zh.titles, ['', '', '', 'MMS', 'SOSM', 'SODOSM', 'Rank']);
  assert.deepEqual(zh.keys, ['place', 'name', 'wld', 'MMS', 'SOSM', 'SODOSM', 'Rank']);
  assert.deepEqual(standingsTable(st, t, 'en').rows[0].slice(3), ['34½', '96½', '20¼', '3d']);
  assert.equal(gothaValue('CAT', '2', 'zh'), '2');
  // weiqi's own standings have no titles and keep their points.
  const own = standingsTable({ ...st, placement: 'weiqi', chain: ['points', 'sos'], chain_names: null }, t, 'en');
  assert.deepEqual(own.head, ['Place', 'Name', 'Points', 'W/L/D', 'sos']);
  assert.deepEqual(own.titles, ['', '', '', '', '']);
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

test('the categories as people read them, the handicap bar with the rule', () => {
  assert.equal(categoriesText({ limits: ['3d', '5k'], pair_within: false }, t, 'en'), '1: 3d up; 2: 5k up; 3: below 5k');
  assert.equal(categoriesText({ limits: ['3d'], pair_within: true }, t, 'zh'), '1: 3段 up；2: below 3段；within');
  const ev = {
    system_name: 'McMahon', system: { kind: 'mc_mahon', bar: '3d', floor: '20k' }, planned_rounds: 5, time_control: '1h',
    settings: { tie_breaks: ['category', 'mms'], tie_break_names: { en: ['CAT', 'MMS'] }, handicap: { basis: 'rank', bar: '3d', correction: 0, ceiling: 9 },
      categories: { limits: ['1d'], pair_within: false }, bye: 'win', lateness_limit_minutes: 60, avoid_same_club: true, avoid_same_region: true },
  };
  const lines = settingsLines(ev, t, 'en');
  assert.deepEqual(lines.slice(5, 8), [['Handicaps', 'rank ≤9; bar 3d'], ['Categories', '1: 1d up; 2: below 1d'], ['Tie-breaks', 'CAT, MMS']]);
  // No categories: no line.
  assert.ok(!settingsLines({ ...ev, settings: { ...ev.settings, categories: { limits: [], pair_within: false } } }, t, 'en').some(([k]) => k === 'Categories'));
});

test('ranks typed as a list, and the chain with or without the category criterion', () => {
  assert.deepEqual(rankList(' 3段、5级 '), ['3段', '5级']);
  assert.deepEqual(rankList('3d, 5k;10k\n15k'), ['3d', '5k', '10k', '15k']);
  assert.deepEqual(rankList(''), []);
  assert.deepEqual(chainWithCategory(['mms', 'sos'], true), ['category', 'mms', 'sos']);
  assert.equal(chainWithCategory(['category', 'mms'], true), null);
  assert.deepEqual(chainWithCategory(['category', 'mms'], false), ['mms']);
  assert.equal(chainWithCategory(['mms'], false), null);
});
