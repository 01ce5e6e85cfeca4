// @ts-check
// weiqi: the pages' words. Pure: no DOM, so `node --test` imports it
// (crates/web/tests/js/). Every string a page shows is the server's table of its language
// (crates/web/src/i18n.rs), by key, with `{name}` placeholders the script fills.

/** The strings of one language, by key. @typedef {Record<string, string>} Strings */
/**
 * A key's text in the page's language, its `{name}` placeholders filled from `vars`.
 * @typedef {(key: string, vars?: Record<string, unknown>) => string} Translate
 */
/** A language of the pages: `zh` or `en`. @typedef {string} Lang */

/**
 * `template` with every `{name}` replaced by `vars[name]`.
 * @param {string} template
 * @param {Record<string, unknown>} [vars]
 * @returns {string}
 */
export function fill(template, vars) {
  let s = template;
  if (vars) for (const [k, v] of Object.entries(vars)) s = s.split('{' + k + '}').join(String(v));
  return s;
}

/**
 * The lookup of `strings`: a key missing from the table reads as the key itself, so a
 * forgotten string shows where it is missing rather than nothing.
 * @param {Strings} strings
 * @returns {Translate}
 */
export function translator(strings) {
  return (key, vars) => {
    const s = strings[key];
    return fill(s === undefined ? key : s, vars);
  };
}

/**
 * An article as the rules write it: "Art. 16.4", "第16条第4款".
 * @param {Translate} t
 * @param {string | number} n an article, or an article and its clause (`16.4`)
 * @returns {string}
 */
export function article(t, n) {
  const [a, c] = String(n).split('.');
  return c ? t('art.clause', { n: a, c }) : t('art', { n: a });
}

/**
 * What a text in both languages says in `lang`: `zh`, else `en`.
 * @param {{ zh: string, en: string }} x
 * @param {Lang} lang
 * @returns {string}
 */
export function said(x, lang) {
  return lang === 'zh' ? x.zh : x.en;
}

/**
 * How a list of names is joined in `lang`: 甲、乙 or A, B.
 * @param {Lang} lang
 * @returns {string}
 */
export function listSeparator(lang) {
  return lang === 'zh' ? '、' : ', ';
}

/**
 * The names typed in a field, separated by commas (`,` or `，`) or 、, blanks dropped.
 * @param {string} text
 * @returns {string[]}
 */
export function splitNames(text) {
  return text.split(/[,，、]/).map((p) => p.trim()).filter(Boolean);
}

/**
 * An instant as a person reads it in `lang` (the device's time zone).
 * @param {number} ms milliseconds since the epoch
 * @param {Lang} lang
 * @returns {string}
 */
export function when(ms, lang) {
  return new Date(ms).toLocaleString(locale(lang));
}

/**
 * The locale the pages write dates and times in for `lang`.
 * @param {Lang} lang
 * @returns {string}
 */
export function locale(lang) {
  return lang === 'zh' ? 'zh-CN' : 'en-GB';
}
