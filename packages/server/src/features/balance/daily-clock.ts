/** The local date (YYYY-MM-DD) and minutes since midnight of an instant in a time zone. */
export function localTime(at: Date, timeZone: string): { day: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    day: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/** The daily jobs start at 00:01 local time. */
export const DAILY_START_MINUTES = 1;

/** The day whose jobs are due at `at`: today once 00:01 has passed, else none (between 00:00 and 00:01). */
export function dueDay(at: Date, timeZone: string): string | null {
  const { day, minutes } = localTime(at, timeZone);
  return minutes >= DAILY_START_MINUTES ? day : null;
}
