// The pages' modules are type-checked: TypeScript's checker reads their `// @ts-check` and
// JSDoc types (the view JSON, the clock's readings, the DOM) from app.js through every
// import, and finds nothing wrong. It only checks: the browser loads the modules as they are.
// The checker is a test tool from npm (tsc/package.json, installed by `cargo xtask setup`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('./tsc/', import.meta.url));
const tsc = `${dir}node_modules/typescript/bin/tsc`;

test('the modules type-check (tsc --noEmit --allowJs --checkJs)', () => {
  assert.ok(existsSync(tsc), `TypeScript's checker is needed: npm ci --prefix ${dir} (cargo xtask setup does it)`);
  const r = spawnSync(process.execPath, [tsc, '-p', `${dir}tsconfig.json`], { encoding: 'utf8' });
  assert.equal(r.status, 0, `tsc found:\n${r.stdout}${r.stderr}`);
});
