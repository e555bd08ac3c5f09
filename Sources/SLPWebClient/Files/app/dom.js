// Elements built from values: text is always text (nicks and messages are other people's).
export function h(tag, properties = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(properties)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) element.addEventListener(name.slice(2).toLowerCase(), value);
    else if (name in element && !name.includes('-')) element[name] = value;
    else element.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

let labelCount = 0;

/** A labelled control: the label's `for` names the control. */
export function field(labelText, control) {
  labelCount += 1;
  control.id = control.id || `field-${labelCount}`;
  return h('p', { className: 'field' }, h('label', { htmlFor: control.id }, labelText), control);
}
