/**
 * Whether the demo fleet's jobs are still being written after the server started answering (first
 * start only): the health answer says so, for those who wait for a complete demo database.
 */
export const seedProgress = { writingJobs: false };
