// The first load's stylesheets without comments: what is dropped and what stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { minifyCss } from './minify-css.mjs';

test('comments and spare whitespace go; words, strings and descendant spaces stay', () => {
  const css = `/* a heading */
.a  .b > c,
d::before {
  content: "x, y; /* not a comment */ {z}";  /* why */
  margin: calc(1rem - 2px) 0;
}
@media (min-width: 70rem) { .a { color: red; } }
`;
  assert.equal(
    minifyCss(css),
    '.a .b > c,d::before{content: "x, y; /* not a comment */ {z}";margin: calc(1rem - 2px) 0}' +
      '@media (min-width: 70rem){.a{color: red}}',
  );
});

test('an unclosed comment or string is an error, not a cut stylesheet', () => {
  assert.throws(() => minifyCss('a { color: red } /* open'), /unclosed comment/);
  assert.throws(() => minifyCss('a::before { content: "open }'), /unclosed string/);
});

test("the page's stylesheets keep every rule and every string", () => {
  for (const name of ['main.css', 'themes.css']) {
    const css = fs.readFileSync(new URL(`../style/${name}`, import.meta.url), 'utf8');
    const min = minifyCss(css);
    const noComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
    for (const ch of ['{', '}']) {
      assert.equal(min.split(ch).length, noComments.split(ch).length, `${name}: ${ch}`);
    }
    for (const s of noComments.match(/"(?:[^"\\]|\\.)*"/g) ?? []) assert.ok(min.includes(s), `${name}: ${s}`);
    assert.ok(min.length < css.length * 0.8, name);
  }
});
