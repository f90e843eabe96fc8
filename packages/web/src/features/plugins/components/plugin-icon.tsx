import { useState } from 'react';

// Letter avatars take one of a few calm tints, picked by the name so a plugin keeps its colour.
const TINTS = [
  'bg-teal-100 text-teal-800 dark:bg-teal-900/60 dark:text-teal-100',
  'bg-sky-100 text-sky-800 dark:bg-sky-900/60 dark:text-sky-100',
  'bg-amber-100 text-amber-800 dark:bg-amber-900/60 dark:text-amber-100',
  'bg-violet-100 text-violet-800 dark:bg-violet-900/60 dark:text-violet-100',
  'bg-rose-100 text-rose-800 dark:bg-rose-900/60 dark:text-rose-100',
];

function tintOf(name: string): string {
  let sum = 0;
  for (const ch of name) sum += ch.codePointAt(0) ?? 0;
  return TINTS[sum % TINTS.length]!;
}

interface PluginIconProps {
  name: string;
  icon: string;
  /** Tailwind size class, e.g. `size-10`. */
  sizeClass?: string;
}

/**
 * A plugin's icon, or the first letter of its name when the image is missing or fails to load (an MCP server's tool
 * may name an icon the app does not have). Decorative: the name is always written next to it.
 */
export function PluginIcon({ name, icon, sizeClass = 'size-10' }: PluginIconProps) {
  // Remembers which address failed, so a plugin whose icon changes gets a fresh try.
  const [failed, setFailed] = useState<string | null>(null);
  if (!icon || failed === icon) {
    return (
      <span
        aria-hidden="true"
        data-testid="plugin-letter"
        className={`inline-flex shrink-0 items-center justify-center rounded-lg text-base font-semibold ${sizeClass} ${tintOf(name)}`}
      >
        {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
      </span>
    );
  }
  return (
    <img
      src={icon}
      alt=""
      onError={() => setFailed(icon)}
      className={`shrink-0 rounded-lg bg-white object-contain p-1 ring-1 ring-zinc-200 dark:ring-zinc-700 ${sizeClass}`}
    />
  );
}
