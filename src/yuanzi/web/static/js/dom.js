// A tiny element builder: h('button', {class: 'btn', onclick: f}, 'text', child…).

const SVG_NS = 'http://www.w3.org/2000/svg';

/** @typedef {Record<string, any> | null | undefined} Props  attributes, ``class``, ``text``, ``dataset``, ``style``, ``on…`` handlers */

/** @param {any} el  an HTML or SVG element
 * @param {Props} props */
function apply(el, props) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') el.setAttribute('class', Array.isArray(value) ? value.filter(Boolean).join(' ') : value);
    else if (key === 'text') el.textContent = value;
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key === 'style') Object.assign(el.style, value);
    else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (key === 'value' && 'value' in el) el.value = value;
    else if (key === 'checked' && 'checked' in el) el.checked = Boolean(value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
}

/** @param {Element} el
 * @param {any[]} children */
function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element with these props and children (strings, nodes, nested arrays; null,
 * undefined and false left out).
 * Typed ``any``: the views keep their own fields on what they build (a dialog's
 * ``prepare``), as they did before the types came.
 * @param {string} tag
 * @param {Props} [props]
 * @param {...any} children
 * @returns {any} */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  apply(el, props);
  append(el, children);
  return el;
}

/** An SVG element, as ``h``.
 * @param {string} tag
 * @param {Props} [props]
 * @param {...any} children
 * @returns {SVGElement} */
export function s(tag, props, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value !== undefined && value !== null && value !== false) el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

/** Replace the children of `el`.
 * @param {any} el
 * @param {...any} children
 * @returns {any} */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** @type {(sel: string, root?: ParentNode) => any} */
export const $ = (sel, root = document) => root.querySelector(sel);
/** @type {(sel: string, root?: ParentNode) => any[]} */
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
