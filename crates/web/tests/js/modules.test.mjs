// The pages' modules hold together without a browser: every module a script imports is a
// file of assets/, and every name it imports is one that module exports. The modules that
// need a DOM cannot be imported here; this reads their text, so a name renamed or dropped
// fails here rather than in a page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const assets = fileURLToPath(new URL('../../assets/', import.meta.url));

/** Every script of assets/, as paths relative to it. */
function scripts(dir = assets) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? scripts(join(dir, e.name)) : e.name.endsWith('.js') ? [relative(assets, join(dir, e.name))] : []);
}

/** The `import { a, b as c } from './x.js'` statements of a source: [names, specifier]. */
function imports(src) {
  const out = [];
  for (const m of src.matchAll(/^import\s+(?:\{([^}]*)\}\s+from\s+)?'([^']+)';/gm)) {
    const names = (m[1] || '').split(',').map((n) => n.trim().split(/\s+as\s+/)[0]).filter(Boolean);
    out.push([names, m[2]]);
  }
  return out;
}

/** The names a source exports (`export function`, `export const`, `export { … }`). */
function exportsOf(src) {
  const out = new Set();
  for (const m of src.matchAll(/^export\s+(?:async\s+)?(?:function|const|let|class)\s+([A-Za-z_$][\w$]*)/gm)) out.add(m[1]);
  for (const m of src.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const n of m[1].split(',')) { const parts = n.trim().split(/\s+as\s+/); if (parts[0]) out.add(parts[parts.length - 1]); }
  }
  return out;
}

test('the reader of imports and exports reads what it is given', () => {
  assert.deepEqual(imports("import { a, b as c } from './x.js';\nimport './y.js';\n"), [[['a', 'b'], './x.js'], [[], './y.js']]);
  assert.deepEqual([...exportsOf('export function f() {}\nexport async function g() {}\nexport const K = 1;\nexport { h as i };\n')], ['f', 'g', 'K', 'i']);
});

test('every module imported is there and exports every name imported from it', () => {
  const files = scripts();
  assert.ok(files.includes('app.js') && files.includes(join('pages', 'game.js')), `the modules: ${files}`);
  const problems = [];
  for (const file of files) {
    const src = readFileSync(join(assets, file), 'utf8');
    for (const [names, spec] of imports(src)) {
      if (!spec.startsWith('./') && !spec.startsWith('../')) { problems.push(`${file}: ${spec} is not a module of the site`); continue; }
      const target = join(dirname(join(assets, file)), spec);
      if (!existsSync(target)) { problems.push(`${file}: no ${spec}`); continue; }
      const exported = exportsOf(readFileSync(target, 'utf8'));
      for (const n of names) if (!exported.has(n)) problems.push(`${file}: ${spec} does not export ${n}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('every module but the entry is imported by another, and each is checked by @ts-check', () => {
  const files = scripts();
  const imported = new Set();
  for (const file of files) {
    const src = readFileSync(join(assets, file), 'utf8');
    assert.ok(src.startsWith('// @ts-check\n'), `${file} starts with // @ts-check`);
    for (const [, spec] of imports(src)) imported.add(relative(assets, join(dirname(join(assets, file)), spec)));
  }
  assert.deepEqual(files.filter((f) => f !== 'app.js' && !imported.has(f)), []);
});
