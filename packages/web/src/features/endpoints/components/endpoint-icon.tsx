import { useState } from 'react';
import { Bot, Cloud, Gem, Puzzle, Sparkles, type LucideIcon } from 'lucide-react';
import type { EndpointsConfig } from '@parley/shared';

interface Mark {
  icon?: LucideIcon;
  letter?: string;
  tone: string;
}

/** A recognisable mark per built-in endpoint; custom endpoints get their initial. */
const MARKS: Record<string, Mark> = {
  openAI: { icon: Sparkles, tone: 'bg-emerald-600 dark:bg-emerald-500' },
  azureOpenAI: { icon: Cloud, tone: 'bg-sky-600 dark:bg-sky-500' },
  google: { icon: Gem, tone: 'bg-blue-600 dark:bg-blue-500' },
  anthropic: { letter: 'A', tone: 'bg-orange-700 dark:bg-orange-600' },
  gptPlugins: { icon: Puzzle, tone: 'bg-violet-600 dark:bg-violet-500' },
  assistants: { icon: Bot, tone: 'bg-indigo-600 dark:bg-indigo-500' },
  bingAI: { letter: 'B', tone: 'bg-cyan-600 dark:bg-cyan-500' },
  chatGPTBrowser: { letter: 'C', tone: 'bg-emerald-700 dark:bg-emerald-600' },
};

interface EndpointIconProps {
  endpoint: string | undefined;
  config?: EndpointsConfig;
  size?: 'sm' | 'md';
}

/** The endpoint's mark: a small rounded square, decorative (the label next to it names the endpoint). */
export function EndpointIcon({ endpoint, config, size = 'md' }: EndpointIconProps) {
  const [broken, setBroken] = useState(false);
  const box = size === 'sm' ? 'size-5 rounded-md text-[10px]' : 'size-6 rounded-md text-xs';
  const glyph = size === 'sm' ? 'size-3' : 'size-3.5';
  const iconURL = endpoint ? config?.[endpoint]?.iconURL : undefined;
  if (iconURL && !broken) {
    return (
      <img
        src={iconURL}
        alt=""
        aria-hidden="true"
        onError={() => setBroken(true)}
        className={`${box} shrink-0 object-cover`}
      />
    );
  }
  const mark = (endpoint && MARKS[endpoint]) || {
    letter: endpoint?.trim().charAt(0).toUpperCase() || '?',
    tone: 'bg-zinc-700 dark:bg-zinc-600',
  };
  const Icon = mark.icon;
  return (
    <span
      aria-hidden="true"
      className={`${box} ${mark.tone} inline-flex shrink-0 items-center justify-center font-semibold text-white`}
    >
      {Icon ? <Icon className={glyph} strokeWidth={2.2} /> : mark.letter}
    </span>
  );
}
