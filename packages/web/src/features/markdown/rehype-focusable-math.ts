import type { Element, Root } from 'hast';

/**
 * A display formula wider than the message scrolls sideways inside its own box; a box that scrolls must be reachable
 * by keyboard (axe's `scrollable-region-focusable`), or a phone user with a keyboard, or anyone on a narrow screen
 * without a pointer, can never see its right-hand side. Each KaTeX display becomes a named tab stop, as tables and
 * code blocks are. Runs after rehype-katex, which writes the `katex-display` boxes.
 */
export function rehypeFocusableMath({ label }: { label: string }) {
  return (tree: Root) => {
    walk(tree, label);
  };
}

function walk(parent: Root | Element, label: string): void {
  for (const child of parent.children) {
    if (child.type !== 'element') continue;
    if (isDisplay(child)) {
      child.properties.tabIndex = 0;
      child.properties.role = 'group';
      child.properties.ariaLabel = label;
      continue; // nothing inside a formula is another formula
    }
    walk(child, label);
  }
}

function isDisplay(node: Element): boolean {
  const value = node.properties.className;
  return Array.isArray(value) && value.map(String).includes('katex-display');
}
