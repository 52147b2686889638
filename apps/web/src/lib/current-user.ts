import type { Me } from '@fleet/contract';

let user: Pick<Me, 'sub' | 'name'> | null = null;

/** Who is signed in, for error records and reports that are built outside React. */
export function setCurrentUser(next: Pick<Me, 'sub' | 'name'> | null): void {
  user = next;
}

export function currentUser(): Pick<Me, 'sub' | 'name'> | null {
  return user;
}
