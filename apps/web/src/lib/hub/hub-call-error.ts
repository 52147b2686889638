/** A failed hub method, with the status of its answer (an HTTP meaning: 403, 404, 409, 504…). */
export class HubCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HubCallError';
  }
}
