/** The translation key of an event type's name (`job.created` → `webhooks.events.job_created`). */
export const eventTypeKey = (type: string) => `webhooks.events.${type.replace(/[.-]/g, '_')}`;
