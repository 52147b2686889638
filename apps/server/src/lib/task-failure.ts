/** A failure the user can act on (a limit, a filter that no longer applies): no retry, the message is kept. */
export class TaskFailure extends Error {
  override name = 'TaskFailure';
}
