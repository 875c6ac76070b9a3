// Where a message shows at the table (issue 45): in the felt's open band between the side
// seats and mine — never over the table's head (its title, the room's code), a seat, the
// hand or the buttons. The band moves with the layout (a phone turned, a seat grown), so it
// is measured, and handed to the toasts' stylesheet as --toasts-top.

/** Keep --toasts-top at the open band's middle while the felt is shown.
 * @param {HTMLElement} felt */
export function toastBand(felt) {
  const place = () => {
    /** @type {(pos: string) => DOMRect | undefined} */
    const seat = (pos) => felt.querySelector(`.seat-slot.pos-${pos} .seat`)?.getBoundingClientRect();
    const [left, right, me] = [seat('left'), seat('right'), seat('bottom')];
    const box = felt.getBoundingClientRect();
    let y = box.top + box.height / 2;
    if (left && right && me && me.top > Math.max(left.bottom, right.bottom)) {
      y = (Math.max(left.bottom, right.bottom) + me.top) / 2;
    }
    document.body.style.setProperty('--toasts-top', `${Math.round(y)}px`);
  };
  const observer = new ResizeObserver(place);
  observer.observe(felt);
  return {
    place,
    destroy() {
      observer.disconnect();
      document.body.style.removeProperty('--toasts-top');
    },
  };
}
