/** apps/server/dist/server.mjs, the server as it runs. */
export const SERVER_BUNDLE: string;
/** Builds the server's bundle when it is older than its sources; returns its path. */
export function serverEntry(): Promise<string>;
/** The environment the server process starts with: `env` and the memory settings it runs best with. */
export function serverProcessEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
