import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config.ts';

/** A path given on the command line, from where the user typed it (npm runs scripts from the root). */
export const fromUser = (given: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), given);

/** The URL with its password hidden, for printing. */
export function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '…';
  return parsed.href;
}

/** A command's options, or its usage and exit code 2. */
export function argumentsOf<T extends ParseArgsConfig['options']>(options: T, usage: string) {
  try {
    return parseArgs({ options: options!, strict: true, allowPositionals: false }).values as {
      [K in keyof T]?: string | boolean;
    };
  } catch (error) {
    console.error(`${(error as Error).message}\nUsage: ${usage}`);
    process.exit(2);
  }
}

export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

/** Runs a command: a refusal (nothing done) exits 2, a failure 1, both with their message only. */
export function runCommand(main: () => Promise<void>, refusals: (new (...args: never[]) => Error)[]) {
  main().catch((error: unknown) => {
    const refused = refusals.some((kind) => error instanceof kind);
    console.error(refused || error instanceof Error ? (error as Error).message : error);
    if (!refused && error instanceof Error && process.env.DEBUG) console.error(error.stack);
    process.exit(refused ? 2 : 1);
  });
}
