import { Asterisk, Bot, Compass, Gem, Puzzle, Sparkles, type LucideIcon } from 'lucide-react';
import { endpointKindOf, type EndpointKind } from '@parley/shared';
import { UserAvatar as ProfileAvatar } from '../../settings/components/user-avatar';

interface Mark {
  icon: LucideIcon | null;
  tile: string;
}

// One recognisable tile per provider family; a custom endpoint shows its own initial instead of an icon.
const MARKS: Record<EndpointKind, Mark> = {
  openAI: { icon: Sparkles, tile: 'bg-emerald-600 dark:bg-emerald-500' },
  azureOpenAI: { icon: Sparkles, tile: 'bg-sky-600 dark:bg-sky-500' },
  chatGPTBrowser: { icon: Sparkles, tile: 'bg-emerald-700 dark:bg-emerald-600' },
  gptPlugins: { icon: Puzzle, tile: 'bg-emerald-600 dark:bg-emerald-500' },
  google: { icon: Gem, tile: 'bg-blue-600 dark:bg-blue-500' },
  anthropic: { icon: Asterisk, tile: 'bg-orange-600 dark:bg-orange-500' },
  bingAI: { icon: Compass, tile: 'bg-cyan-600 dark:bg-cyan-500' },
  assistants: { icon: Bot, tile: 'bg-teal-700 dark:bg-teal-600' },
  custom: { icon: null, tile: 'bg-violet-600 dark:bg-violet-500' },
};

const base =
  'flex size-7 shrink-0 items-center justify-center overflow-hidden rounded-full text-xs font-semibold text-white select-none';

/** The user's picture, else their initial. Decorative: the article's label names the sender. */
export function UserAvatar({ name, avatarUrl }: { name: string; avatarUrl?: string | null }) {
  return <ProfileAvatar name={name} avatar={avatarUrl} className={`${base} bg-zinc-700 dark:bg-zinc-600`} />;
}

/** The provider mark of the endpoint that wrote a reply. */
export function ModelAvatar({ endpoint }: { endpoint: string }) {
  const mark = MARKS[endpointKindOf(endpoint)];
  const Icon = mark.icon;
  return (
    <span aria-hidden="true" className={`${base} ${mark.tile}`}>
      {Icon ? <Icon className="size-4" strokeWidth={2} /> : (Array.from(endpoint)[0] ?? '?').toUpperCase()}
    </span>
  );
}
