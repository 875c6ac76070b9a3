// A fetch that answers as the hall would, for the actions' tests (issue 46): each
// ``"METHOD /path"`` its status and body; anything else 404. ``restore()`` puts the
// page's own fetch back.
export function fakeHall(answers) {
  const asked = [];
  const before = globalThis.fetch;
  globalThis.fetch = async (url, init = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    asked.push(key);
    const [status, body] = answers[key] ?? [404, { error: { code: 'not_found', message: key } }];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { asked, restore: () => { globalThis.fetch = before; } };
}

/** A fetch whose answers the test lets go one by one, in any order: ``waiting[i].answer(body)``
 * answers the i-th request (200 with ``body``). */
export function heldHall() {
  const waiting = [];
  const before = globalThis.fetch;
  globalThis.fetch = (url, init = {}) => new Promise((resolve) => {
    waiting.push({ key: `${init.method ?? 'GET'} ${url}`,
      answer: (body) => resolve(new Response(JSON.stringify(body), {
        status: 200, headers: { 'content-type': 'application/json' } })) });
  });
  return { waiting, restore: () => { globalThis.fetch = before; } };
}

/** Lets the promises already settled run their continuations. */
export const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
