// The pages' words (assets/text.js): the strings table's lookup and its placeholders, an
// article as the rules write it, names typed in a field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { article, fill, listSeparator, locale, said, splitNames, translator, when } from '../../assets/text.js';

const t = translator({
  'art': 'Art. {n}',
  'art.clause': 'Art. {n}.{c}',
  'clock.then': 'then {periods} × {time}, {periods} left',
});
const zh = translator({ 'art': '第{n}条', 'art.clause': '第{n}条第{c}款' });

test('a placeholder is filled wherever it stands, as often as it stands', () => {
  assert.equal(t('clock.then', { periods: 3, time: '0:30' }), 'then 3 × 0:30, 3 left');
  assert.equal(fill('{a}{b}{a}', { a: 'x', b: 0 }), 'x0x');
  // A value is written as text; a placeholder with no value stays for the eye to catch.
  assert.equal(fill('{n} of {total}', { n: 2 }), '2 of {total}');
  assert.equal(fill('no placeholders'), 'no placeholders');
});

test('a key missing from the table reads as the key', () => {
  assert.equal(t('no.such.key'), 'no.such.key');
  assert.equal(t('no.such.key', { n: 1 }), 'no.such.key');
});

test('an article, with or without its clause, in each language', () => {
  assert.equal(article(t, '16.4'), 'Art. 16.4');
  assert.equal(article(t, 8), 'Art. 8');
  assert.equal(article(zh, '16.4'), '第16条第4款');
  assert.equal(article(zh, '20'), '第20条');
});

test('a text in both languages is said in the page language', () => {
  const x = { zh: '黑方超时', en: 'Black is out of time' };
  assert.equal(said(x, 'zh'), '黑方超时');
  assert.equal(said(x, 'en'), 'Black is out of time');
  assert.equal(listSeparator('zh'), '、');
  assert.equal(listSeparator('en'), ', ');
  assert.equal(locale('zh'), 'zh-CN');
  assert.equal(locale('en'), 'en-GB');
});

test('names typed in a field are split at any comma or 、, blanks dropped', () => {
  assert.deepEqual(splitNames('Li Wei, 王明，张三、 Chen ,, '), ['Li Wei', '王明', '张三', 'Chen']);
  assert.deepEqual(splitNames(''), []);
});

test('an instant is written in the locale of the language', () => {
  const at = Date.UTC(2026, 11, 2, 6, 5, 0);
  assert.equal(when(at, 'en'), new Date(at).toLocaleString('en-GB'));
  assert.equal(when(at, 'zh'), new Date(at).toLocaleString('zh-CN'));
  assert.notEqual(when(at, 'en'), when(at, 'zh'));
});
