// The client's modules by name, for the unit tests (src/yuanzi/web/static/js).
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const JS = path.resolve(here, '../../src/yuanzi/web/static/js');

export const load = (name) => import(pathToFileURL(path.join(JS, name)).href);
