// Logs are prefixed per service and off unless asked for (`--verbose` or LOCAL_SUPABASE_LOG=1).

export type Log = (message: string, ...details: unknown[]) => void;

export interface Logger {
  /** A log function for one part of the server, e.g. `logger.for('auth')`. */
  for(scope: string): Log;
  /** Problems are always printed: a bug must not pass silently. */
  error(scope: string, message: string, ...details: unknown[]): void;
}

export function createLogger(enabled: boolean): Logger {
  return {
    for(scope) {
      if (!enabled) return () => undefined;
      return (message, ...details) => {
        console.log(`[local-supabase:${scope}] ${message}`, ...details);
      };
    },
    error(scope, message, ...details) {
      console.error(`[local-supabase:${scope}] ${message}`, ...details);
    },
  };
}
