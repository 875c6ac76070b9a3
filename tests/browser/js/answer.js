// Answers judge-style requests with the client's rules port (src/yuanzi/web/static/js).
// One function expression, evaluated by node (harness.mjs) and in the browser
// (page.evaluate), so both run exactly the same checks.
(function answerAll(reqs, mods) {
  const { cards, rules, hint } = mods;
  const blade = (req) => {
    const b = cards.rankIndex(req.blade ?? '');
    if (b < 0) throw new Error('blade must be a rank, 3 to 2');
    return b;
  };
  const one = (req) => {
    switch (req.op) {
      case 'classify':
        return { ok: true, ...rules.judgeForm(rules.classify(cards.parseCards(req.cards), blade(req))) };
      case 'beats': {
        const b = blade(req);
        const top = rules.classify(cards.parseCards(req.top), b);
        const play = rules.classify(cards.parseCards(req.play), b);
        const bbo = Boolean(req.rules && req.rules.blade_bomb_only_atoms);
        return { ok: true, beats: rules.beats(play, top, bbo) };
      }
      case 'parse_move': {
        const m = rules.parseMove(req.text, blade(req));
        return { ok: true, text: rules.moveText(m), form: m.kind ? rules.judgeForm(m) : null };
      }
      case 'move_text':
        return { ok: true, text: rules.moveText(rules.classify(cards.parseCards(req.cards), blade(req))) };
      case 'sort':
        return { ok: true, cards: cards.formatCards(cards.sortHand(cards.parseCards(req.cards), blade(req))) };
      case 'hint': {
        const b = blade(req);
        const top = req.top ? rules.parseMove(req.top, b) : null;
        const got = hint.localHint({ hand: cards.parseCards(req.hand), top, blade: b,
          bladeBombOnlyAtoms: Boolean(req.bbo), partnerWinning: Boolean(req.partner) });
        return { ok: true, cards: got.cards ? cards.formatCards(got.cards) : null,
          reason: got.reason, beats: got.beats.map((g) => cards.formatCards(g)) };
      }
      default:
        throw new Error(`unknown op ${req.op}`);
    }
  };
  return reqs.map((req) => {
    try {
      return one(req);
    } catch (e) {
      return { ok: false, error: String(e && e.message) };
    }
  });
})
