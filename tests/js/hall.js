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
