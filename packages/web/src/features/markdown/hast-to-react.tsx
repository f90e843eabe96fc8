import type { ReactNode } from 'react';
import type { ElementContent, Root } from 'hast';

/** Highlighted code (lowlight's hast: spans with classes and text) as React nodes; nothing else occurs there. */
export function hastToReact(tree: Root): ReactNode[] {
  return tree.children.map((child, i) => toNode(child as ElementContent, i));
}

function toNode(node: ElementContent, key: number): ReactNode {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return null;
  const className = node.properties.className;
  return (
    <span key={key} className={Array.isArray(className) ? className.join(' ') : undefined}>
      {node.children.map(toNode)}
    </span>
  );
}
