// Regenerates Sources/SitegenMath/MathSymbolTable.swift from a KaTeX checkout:
//   node Scripts/math-symbols.js KaTeX/src/symbols.ts > table.tsv  (then wrap as in that file)
// Reads KaTeX's src/symbols.ts (MIT) and prints name<TAB>group<TAB>char for math- and text-mode control-sequence symbols.
const src = require('fs').readFileSync(process.argv[2], 'utf8');
const re = /^defineSymbol\((math|text), (main|ams), (\w+), ("(?:[^"\\]|\\.)*"), ("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')(, true)?\);/gm;
const groups = {"accent":"accent","bin":"bin","close":"close","inner":"inner","mathord":"mathord","op":"op","open":"open","punct":"punct","rel":"rel","spacing":"spacing","textord":"textord"};
let m; const out = {math: [], text: []}; const seen = {math: new Set(), text: new Set()};
while ((m = re.exec(src))) {
  const mode = m[1], group = m[3];
  const ch = JSON.parse(m[4]);
  let nameLit = m[5]; if (nameLit[0] === "'") nameLit = '"' + nameLit.slice(1, -1).replace(/"/g, '\\"') + '"';
  const name = JSON.parse(nameLit);
  for (const n of m[6] ? [name, ch] : [name]) {
    if (seen[mode].has(n)) { const i = out[mode].findIndex(x => x[0] === n); out[mode].splice(i, 1); }
    seen[mode].add(n);
    out[mode].push([n, group, ch]);
  }
}
for (const mode of ['math', 'text']) for (const [n, g, c] of out[mode]) {
  if (/[\t\n]/.test(n + c)) continue;
  console.log(mode[0] + '\t' + n + '\t' + g + '\t' + c);
}
