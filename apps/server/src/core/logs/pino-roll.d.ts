// pino-roll ships no types: the part of its API the log files use.
declare module 'pino-roll' {
  import type { EventEmitter } from 'node:events';

  /** The SonicBoom stream pino-roll writes through. */
  export interface RollingFileStream extends EventEmitter {
    /** The path being written now. */
    readonly file: string;
    write(data: string): boolean;
    flush(callback?: (error?: Error) => void): void;
    end(): void;
    readonly destroyed: boolean;
  }

  export interface PinoRollOptions {
    file: string | (() => string);
    size?: string | number;
    frequency?: string | number;
    extension?: string;
    limit?: { count: number; removeOtherLogFiles?: boolean };
    mkdir?: boolean;
    minLength?: number;
    periodicFlush?: number;
  }

  export default function pinoRoll(options: PinoRollOptions): Promise<RollingFileStream>;
}
