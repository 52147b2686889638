declare module '@20minutes/s3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
  }
  /** The part of a Koa context the test bucket's guard reads and writes. */
  interface GuardContext {
    get(header: string): string;
    query: Record<string, unknown>;
    status: number;
    type: string;
    body: unknown;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list (the server is a Koa application). */
    middleware: ((ctx: GuardContext, next: () => Promise<void>) => Promise<void>)[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
