const RADIUS = 14;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A determinate ring for an upload's progress (0 to 1), announced as a progress bar with its label. */
export function ProgressRing({ progress, label }: { progress: number; label: string }) {
  const percent = Math.round(progress * 100);
  return (
    <span
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="absolute inset-0 flex items-center justify-center rounded-[inherit] bg-zinc-950/45"
    >
      <svg viewBox="0 0 36 36" className="size-8 -rotate-90" aria-hidden="true">
        <circle cx="18" cy="18" r={RADIUS} fill="none" strokeWidth="3.5" className="stroke-white/30" />
        <circle
          cx="18"
          cy="18"
          r={RADIUS}
          fill="none"
          strokeWidth="3.5"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - progress)}
          className="stroke-white transition-[stroke-dashoffset] duration-300 ease-out motion-reduce:transition-none"
        />
      </svg>
    </span>
  );
}
