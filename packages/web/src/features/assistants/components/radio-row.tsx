import { useId } from 'react';

interface RadioRowProps<V extends string> {
  legend: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange: (value: V) => void;
  testId: string;
}

/** A labelled group of radio buttons in a row (wrapping when narrow). */
export function RadioRow<V extends string>({ legend, value, options, onChange, testId }: RadioRowProps<V>) {
  const name = useId();
  return (
    <fieldset data-testid={testId} className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="inline-flex cursor-pointer items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-teal-700"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
