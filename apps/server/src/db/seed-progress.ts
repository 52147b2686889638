/**
 * Whether the demo data a first start leaves for after its first answer (the tools' work, the fleet's
 * jobs and their media) is still being written: the health answer says so, for those who wait for a
 * complete demo database.
 */
export const seedProgress = { writingJobs: false };
