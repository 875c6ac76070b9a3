// node harness.mjs < requests.jsonl > answers.jsonl — the client's rules port as a judge.
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const js = path.resolve(here, '../../../src/yuanzi/web/static/js');
const load = (name) => import(pathToFileURL(path.join(js, name)).href);
const mods = { cards: await load('cards.js'), rules: await load('rules.js'), hint: await load('hint.js') };
const answerAll = (0, eval)(readFileSync(path.join(here, 'answer.js'), 'utf8'));
const reqs = readFileSync(0, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
process.stdout.write(answerAll(reqs, mods).map((a) => JSON.stringify(a)).join('\n') + '\n');
