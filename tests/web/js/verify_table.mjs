// node verify_table.mjs TABLE.json — js/fairness.js's verdict of each case of the shared
// table of tampered records (tests/engine/tampered.py), one JSON line each (a case's `key`:
// the hall's key it is checked against, as `yuanzi verify --key` and the replay viewer do).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const js = path.resolve(here, '../../../src/yuanzi/web/static/js');
const fairness = await import(pathToFileURL(path.join(js, 'fairness.js')).href);
const cases = JSON.parse(readFileSync(process.argv[2], 'utf8'));
for (const c of cases) {
  const text = 'text' in c ? c.text : 'repeat' in c ? c.repeat[0].repeat(c.repeat[1]) : null;
  let data;
  try {
    data = text === null ? c.record : fairness.readText(text);
  } catch {
    process.stdout.write(JSON.stringify({ verdict: 'unreadable' }) + '\n');
    continue;
  }
  const v = await fairness.verifyRecord(data, c.key ?? null);
  process.stdout.write(JSON.stringify({ verdict: v.verdict, halves: v.halves, problem: v.problem,
    where: v.where, codes: v.codes }) + '\n');
}
