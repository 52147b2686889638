const BROWSER_ID_KEY = 'fleet.browserId';

/** The webcam choice is per machine: the configuration maps this browser's id to its camera. */
export function browserIdentity(): string {
  let id = localStorage.getItem(BROWSER_ID_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(BROWSER_ID_KEY, id);
  }
  return id;
}
