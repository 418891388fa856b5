// Trunk pre_build hook (Trunk.toml): writes the first load's stylesheets
// without their comments and spare whitespace, to target/style/, where
// index.html takes them from. The sources in style/ keep their comments;
// the page downloads about 2.5 KB less (docs/size.md). Strings (`content`)
// are copied as they are.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The stylesheet `css` without comments and whitespace the rules do not need. */
export function minifyCss(css) {
  let out = '';
  let space = false;
  const put = (text) => {
    // One space between two words, none next to punctuation that ends or
    // separates (the space in `a b`, a descendant selector, stays).
    if (space && out && !/[{};,]$/.test(out) && !/^[{};,]/.test(text)) out += ' ';
    space = false;
    out += text;
  };
  for (let i = 0; i < css.length; ) {
    const c = css[i];
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      if (end < 0) throw new Error('an unclosed comment');
      i = end + 2;
      space = true;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < css.length && css[j] !== c) j += css[j] === '\\' ? 2 : 1;
      if (j >= css.length) throw new Error('an unclosed string');
      put(css.slice(i, j + 1));
      i = j + 1;
    } else if (/\s/.test(c)) {
      space = true;
      i += 1;
    } else {
      put(c);
      i += 1;
    }
  }
  return out.replace(/;}/g, '}');
}

const root = process.env.TRUNK_SOURCE_DIR ?? process.cwd();
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = path.join(root, 'target', 'style');
  fs.mkdirSync(outDir, { recursive: true });
  for (const name of ['main.css', 'themes.css']) {
    const out = path.join(outDir, name);
    const css = minifyCss(fs.readFileSync(path.join(root, 'style', name), 'utf8'));
    // Written only when it changes, so `trunk serve` does not see a change.
    if (!fs.existsSync(out) || fs.readFileSync(out, 'utf8') !== css) fs.writeFileSync(out, css);
  }
}
