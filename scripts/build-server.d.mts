/** apps/server/dist/server.mjs, the server as it runs. */
export const SERVER_BUNDLE: string;
/** Builds the server's bundle when it is older than its sources; returns its path. */
export function serverEntry(): Promise<string>;
