// Values in config.toml use Go's notations: durations like "1m30s", sizes like "50MiB".

const DURATION_UNITS: Record<string, number> = {
  ns: 1e-9,
  us: 1e-6,
  µs: 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
};

/**
 * Parses a Go duration into seconds; undefined when it is not one.
 * @example parseDuration('1m30s') // 90
 */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '0') return 0;
  const part = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  let seconds = 0;
  let consumed = 0;
  for (const match of trimmed.matchAll(part)) {
    seconds += Number(match[1]) * (DURATION_UNITS[match[2] ?? ''] ?? Number.NaN);
    consumed += match[0].length;
  }
  return consumed > 0 && consumed === trimmed.length && Number.isFinite(seconds)
    ? seconds
    : undefined;
}

const SIZE_UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1e3,
  kb: 1e3,
  m: 1e6,
  mb: 1e6,
  g: 1e9,
  gb: 1e9,
  ki: 2 ** 10,
  kib: 2 ** 10,
  mi: 2 ** 20,
  mib: 2 ** 20,
  gi: 2 ** 30,
  gib: 2 ** 30,
};

/**
 * Parses a size (a number of bytes, or "5MB", "50MiB") into bytes; undefined when it is not one.
 * @example parseSize('2MiB') // 2097152
 */
export function parseSize(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  const factor = SIZE_UNITS[(match?.[2] ?? '').toLowerCase()];
  if (!match || factor === undefined) return undefined;
  return Math.round(Number(match[1]) * factor);
}
