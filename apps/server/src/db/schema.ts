// Every table, by area: the one import for queries, the client and drizzle-kit. The areas import each other
// directly (fleet < commerce < insights), never this file.
export * from './schema-fleet.ts';
export * from './schema-commerce.ts';
export * from './schema-insights.ts';
export * from './schema-alerts.ts';
export * from './schema-webhooks.ts';
