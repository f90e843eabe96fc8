import type { Element, ElementContent, Root } from 'hast';

/**
 * GFM task lists render each item's box as a disabled `<input type="checkbox">` with no label, which screen readers
 * announce as an unnamed checkbox (axe's `label` rule, critical). Each box gets its item's own words as its name:
 * the text of the item without its nested lists, so "checkbox, checked, b" is read for `- [x] b`.
 */
export function rehypeTaskListLabels() {
  return (tree: Root) => {
    walk(tree);
  };
}

function walk(parent: Root | Element): void {
  for (const child of parent.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'li' && classesOf(child).includes('task-list-item')) labelItem(child);
    walk(child);
  }
}

function labelItem(item: Element): void {
  const box = checkboxOf(item);
  if (!box) return;
  const name = textOf(item).replace(/\s+/g, ' ').trim();
  if (name) box.properties.ariaLabel = name;
}

/** The item's box: its first child, or the first child of its first paragraph (a loose list). */
function checkboxOf(item: Element): Element | undefined {
  const first = item.children.find((c): c is Element => c.type === 'element');
  const candidates = first?.tagName === 'p' ? first.children : item.children;
  return candidates.find(
    (c): c is Element => c.type === 'element' && c.tagName === 'input' && c.properties.type === 'checkbox',
  );
}

function textOf(node: ElementContent | Element): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element' || node.tagName === 'ul' || node.tagName === 'ol') return '';
  return node.children.map(textOf).join('');
}

function classesOf(node: Element): string[] {
  const value = node.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
}
